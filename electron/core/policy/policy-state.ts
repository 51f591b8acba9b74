import { DEFAULT_POLICY, type Policy } from '../../../shared/policy/policy-schema'
import type { PolicyRow } from '../store/policy/policy-repo'

/** The policy in force: a person's, the default (hold everything), or none usable (every request is refused). */
export type PolicyState =
  | { kind: 'default'; policy: Policy }
  | { kind: 'set'; policy: Policy; setAt: string; setBy: string }
  | { kind: 'unreadable'; problem: string }

export function policyState(row: PolicyRow): PolicyState {
  switch (row.kind) {
    case 'none':
      return { kind: 'default', policy: DEFAULT_POLICY }
    case 'set':
      return { kind: 'set', ...row.stored }
    case 'unreadable':
      return { kind: 'unreadable', problem: row.problem }
  }
}
