import { LEG_NOTES_SQL } from '../ledger/leg-notes-repo'
import type { Migration } from './migration'

export const m14: Migration = {
  version: 14,
  name: "private notes and tags on ledger movements, kept beside the ledger by the leg's id and direction",
  sql: LEG_NOTES_SQL,
}
