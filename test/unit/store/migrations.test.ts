import { readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIGRATIONS, openDatabase, SCHEMA_VERSION, schemaVersion } from '../../../electron/core/store'

/** No step was ever numbered 9: the numbers go on from 10, and an existing file never holds 9. */
const NEVER_USED = [9]

const schemaOf = (db: DatabaseSync) =>
  db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name').all()

describe('the migration list', () => {
  it('counts 1 to the schema version, one step each, in order', () => {
    const all = Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1)
    expect(MIGRATIONS.map((m) => m.version)).toEqual(all.filter((v) => !NEVER_USED.includes(v)))
    expect(new Set(MIGRATIONS.map((m) => m.name)).size).toBe(MIGRATIONS.length)
  })

  it('has one file per step in store/migrations, named mNN-what-it-does.ts', () => {
    const files = readdirSync(resolve('electron/core/store/migrations')).filter((f) => /^m\d+/.test(f))
    for (const f of files) expect(f).toMatch(/^m\d{2}-[a-z0-9]+(-[a-z0-9]+)*\.ts$/)
    expect(files.map((f) => Number(f.slice(1, 3))).sort((a, b) => a - b)).toEqual(MIGRATIONS.map((m) => m.version))
  })
})

describe('a database migrated from any version has the schema of a fresh one', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'migrations-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('for every version a file may have been left at', () => {
    const fresh = openDatabase(join(dir, 'fresh.db'))
    const expected = schemaOf(fresh)
    expect(schemaVersion(fresh)).toBe(SCHEMA_VERSION)
    fresh.close()
    for (const step of MIGRATIONS.slice(0, -1)) {
      const file = join(dir, `v${step.version}.db`)
      const old = openDatabase(
        file,
        MIGRATIONS.filter((m) => m.version <= step.version),
      )
      expect(schemaVersion(old)).toBe(step.version)
      old.close()
      const db = openDatabase(file)
      expect({ version: schemaVersion(db), schema: schemaOf(db) }).toEqual({
        version: SCHEMA_VERSION,
        schema: expected,
      })
      db.close()
    }
  })
})
