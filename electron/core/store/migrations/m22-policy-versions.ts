import { POLICY_VERSIONS_SQL } from '../policy/policy-versions-repo'
import type { Migration } from './migration'

export const m22: Migration = {
  version: 22,
  name: 'agent policy versions: every policy a person set, with who, when, when in force and the fields changed',
  sql: POLICY_VERSIONS_SQL,
}
