import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { STORE_FILE } from '../../electron/core/store'

/** What another program reading the profile's database file would see: every audit row's stored JSON, one per line. */
export function auditText(profileDirectory: string): string {
  const db = new DatabaseSync(join(profileDirectory, STORE_FILE), { readOnly: true })
  try {
    return (db.prepare('SELECT entry FROM audit ORDER BY seq').all() as Array<{ entry: string }>)
      .map((r) => r.entry)
      .join('\n')
  } finally {
    db.close()
  }
}

export interface OutcomeRow {
  id: number
  key: string
  state: string
  /** The error's code, when the move recorded one. */
  code: string | null
  /** The token of the process that made the move. */
  process: string
}

/** Every recorded move of every outbox entry, oldest first, straight from the file. */
export function outboxOutcomes(profileDirectory: string): OutcomeRow[] {
  const db = new DatabaseSync(join(profileDirectory, STORE_FILE), { readOnly: true })
  try {
    return db
      .prepare("SELECT id, key, state, json_extract(error, '$.code') AS code, process FROM outbox_outcomes ORDER BY id")
      .all() as unknown as OutcomeRow[]
  } finally {
    db.close()
  }
}
