import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeCsvFile } from '../../../electron/core/csv/write'
import { ledgerCsvLines } from '../../../electron/core/history/ledger-csv'
import { reconcile } from '../../../electron/core/history/reconciliation'
import { DeskStore, ledgerRepo, type LedgerRepo } from '../../../electron/core/store'
import { idKey } from '../../../electron/core/store/ledger/ledger-keys'
import type { TransactionLeg } from '../../../shared/api/resources'

const T0 = Date.parse('2026-01-01T00:00:00.000Z')
const ID = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`

/** 3,000 legs a second apart, so a damaged one sits in the second read batch, after rows already counted. */
function legs(): TransactionLeg[] {
  return Array.from({ length: 3_000 }, (_, i) => ({
    id: ID(i),
    created_at: new Date(T0 + i * 1_000).toISOString(),
    direction: i % 3 === 0 ? 'out' : 'in',
    from: { name: null, address: `0xfrom${i % 7}` },
    to: { name: 'Treasury', address: '0xtreasury' },
    amount: `${i}.25`,
    asset: 'USDC',
    fee: i % 3 === 0 ? '0.01' : null,
    fee_asset: i % 3 === 0 ? 'ETH' : null,
    status: 'completed',
    tx_hash: `0x${i.toString(16).padStart(64, '0')}`,
    network: 'ethereum-sepolia',
    network_name: 'Ethereum Sepolia',
    wallet_id: 'w1',
  }))
}

const period = { from: new Date(T0 - 1).toISOString(), to: new Date(T0 + 3_000_000).toISOString() }

describe('a damaged leg read back from the ledger', () => {
  let dir: string
  let store: DeskStore
  let ledger: LedgerRepo
  let db: DatabaseSync
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ledger-damage-'))
    store = DeskStore.open(dir, 'test')
    ledger = store.repo(ledgerRepo)
    db = store.repo((d) => d)
    store.transaction('test', () => ledger.bind('test'))
    const walk = {
      after: null,
      before: null,
      cursor: null,
      newest: T0 + 3_000_000,
      oldest: T0,
      pages: 1,
      rows: 3_000,
      startedAt: T0 + 3_600_000,
    }
    store.transaction('test', () => ledger.commitPage(legs(), walk, true, T0 + 3_600_000, T0 + 3_600_000))
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('an intact ledger reports, exports and pages', async () => {
    expect(reconcile(ledger, period).rows).toBe(3_000)
    await writeCsvFile(join(dir, 'out.csv'), ledgerCsvLines({ ledger, notes: new Map() }, period))
    expect(existsSync(join(dir, 'out.csv'))).toBe(true)
    expect(ledger.page({}, undefined, 10).rows).toHaveLength(10)
  })

  it.each([
    ['amount', "'1e5'", /its amount is not a decimal amount/],
    ['amount', "'-3'", /its amount is not a decimal amount/],
    ['fee', "'0,01'", /its fee is not a decimal amount or empty/],
    ['status', "x'00'", /its status is not text/],
    ['direction', "'sideways'", /its direction is not in, out or internal/],
    ['final', '2', /its final is not 0 or 1/],
    ['read_at_ms', "'yesterday'", /its read_at_ms is not a time in milliseconds/],
    // Packed forms (ledger-amounts.ts, ledger-read-times.ts) that no write makes: a negative or fractional number, a
    // read time never stored.
    ['amount', '-5', /its amount is not a decimal amount/],
    ['fee', '2.5', /its fee is not a decimal amount or empty/],
    ['read_at_ms', '99999', /its read_at_ms is not a time in milliseconds/],
  ])(
    'a %s of %s stops the report, the export and a page with record_corrupt naming the leg',
    async (column, value, message) => {
      db.prepare(`UPDATE ledger_legs SET ${column} = ${value} WHERE id = ?`).run(idKey(ID(2_400)))
      const damaged = expect.objectContaining({ code: 'record_corrupt', message: expect.stringMatching(message) })
      expect(() => reconcile(ledger, period)).toThrow(damaged)
      expect(() => reconcile(ledger, period)).toThrow(new RegExp(ID(2_400)))
      const out = join(dir, 'out.csv')
      await expect(writeCsvFile(out, ledgerCsvLines({ ledger, notes: new Map() }, period))).rejects.toThrow(damaged)
      expect(existsSync(out)).toBe(false)
      expect(existsSync(`${out}.part`)).toBe(false)
      expect(() => ledger.page({}, undefined, 1_000)).toThrow(damaged)
    },
  )

  it('a recorded time that is not ISO 8601 stops the export (the report does not read it)', async () => {
    db.prepare(`UPDATE ledger_legs SET created_at = '2026-02-30T00:00:00Z' WHERE id = ?`).run(idKey(ID(2_400)))
    await expect(
      writeCsvFile(join(dir, 'out.csv'), ledgerCsvLines({ ledger, notes: new Map() }, period)),
    ).rejects.toThrow(
      expect.objectContaining({
        code: 'record_corrupt',
        message: expect.stringMatching(/its created_at is not an ISO 8601 time/),
      }),
    )
  })
})
