import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { STORE_FILE } from '../../electron/core/store'

/** What another program reading the profile's database file would see: every audit row's stored JSON, one per line. */
export function auditText(profileDirectory: string): string {
  const db = new DatabaseSync(join(profileDirectory, STORE_FILE), { readOnly: true })
  try {
    return (db.prepare('SELECT entry FROM audit ORDER BY seq').all() as Array<{ entry: string }>).map((r) => r.entry).join('\n')
  } finally {
    db.close()
  }
}
