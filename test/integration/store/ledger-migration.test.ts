import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS, openDatabase, schemaVersion } from '../../../electron/core/store'

describe('migration step 4: the history ledger', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ledger-migration-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('a database of the steps before it gains the ledger tables, and keeps its rows', () => {
    const file = join(dir, 'old.db')
    const before = openDatabase(
      file,
      MIGRATIONS.filter((m) => m.version < 4),
    )
    before.prepare('INSERT INTO meta (name, value) VALUES (?, ?)').run('kept', 'yes')
    expect(schemaVersion(before)).toBeLessThan(4)
    before.close()
    const db = openDatabase(file)
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(4)
    const tables = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'ledger_%' ORDER BY name")
        .all() as Array<{ name: string }>
    ).map((t) => t.name)
    expect(tables).toEqual(expect.arrayContaining(['ledger_legs', 'ledger_parties', 'ledger_pending', 'ledger_state']))
    expect(db.prepare('SELECT value FROM meta WHERE name = ?').get('kept')).toEqual({ value: 'yes' })
    db.close()
  })

  it('(id, direction) is unique in the table itself, whatever writes to it', () => {
    const db = new DatabaseSync(join(dir, 'old.db'))
    db.exec("INSERT INTO ledger_parties (id, name, address) VALUES (1, NULL, 'a')")
    const put = () =>
      db
        .prepare(
          `INSERT INTO ledger_legs (id, direction, at_ms, created_at, asset, status, final, amount, from_party, to_party, read_at_ms)
        VALUES ('t1', 'in', 0, '1970-01-01T00:00:00.000Z', 'USDC', 'completed', 1, '1', 1, 1, 0)`,
        )
        .run()
    put()
    expect(put).toThrow(/UNIQUE/)
    db.close()
  })
})
