import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DeskStore, STORE_FILE } from '../../../electron/core/store'

const RULE = { limit: 10, windowMs: 60_000, marginMs: 0, backgroundLimit: 5, reserve: 2 }
const NOW = 1_800_000_000_000

/**
 * A value of the wrong kind in a scalar column (SQLite keeps text in an INTEGER column) is refused, not computed with.
 */
describe('scalar rows of the pacer and the process registry', () => {
  let dir: string
  let store: DeskStore
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scalar-rows-'))
    store = DeskStore.open(dir, 'test')
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  const damage = (sql: string) => {
    const db = new DatabaseSync(join(dir, STORE_FILE))
    db.exec(sql)
    db.close()
  }

  it('a pacer block whose time is not a number stops the send with record_corrupt', () => {
    const ledger = store.pacerLedger('https://api.example.test', 'key-1')
    expect(ledger.block(NOW + 5_000)).toBe(true)
    damage("UPDATE pacer_blocks SET until_ms = 'soon'")
    expect(() => ledger.take(NOW, RULE, 'interactive')).toThrow(
      expect.objectContaining({
        code: 'record_corrupt',
        message: expect.stringMatching(/pacer_blocks table is damaged \(until_ms: /),
      }),
    )
  })

  it("a pacer slot's end that is not a number stops the send with record_corrupt", () => {
    const ledger = store.pacerLedger('https://api.example.test', 'key-1')
    expect(ledger.take(NOW, RULE, 'interactive')).toHaveProperty('slot')
    damage("UPDATE pacer_slots SET ended_ms = 'later'")
    expect(() => ledger.take(NOW + 1, RULE, 'interactive')).toThrow(
      expect.objectContaining({ code: 'record_corrupt', message: expect.stringMatching(/pacer_slots table/) }),
    )
  })

  it("another process's heartbeat that is not a number is refused, not taken as alive or gone", () => {
    const other = DeskStore.open(dir, 'test')
    try {
      damage(`UPDATE processes SET heartbeat_ms = 'now' WHERE token = '${other.processes.token}'`)
      expect(() => store.processes.isAlive(other.processes.token)).toThrow(
        expect.objectContaining({ code: 'record_corrupt', message: expect.stringMatching(/processes table/) }),
      )
    } finally {
      other.close()
    }
  })
})
