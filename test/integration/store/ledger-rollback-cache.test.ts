import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openLedger } from '../../../electron/core/history/ledger-scope'
import { DeskStore, type LedgerRepo } from '../../../electron/core/store'
import type { TransactionLeg } from '../../../shared/api/resources'
import { sampleLeg } from '../../harness/sample-leg'

// The ledger keeps the numbers of its parties and words in memory. A page whose transaction is rolled back after its
// legs were written (a later step of the same transaction failed, or the disk) takes the parties and words it added
// with it; SQLite then hands their numbers to the next new ones. A number remembered from the rolled-back page must
// never name another party or word.
let dir: string
let store: DeskStore
let ledger: LedgerRepo
const walk = { after: null, before: null, cursor: null, newest: null, oldest: null, pages: 1, rows: 1, startedAt: 0 }

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-rollback-'))
  store = DeskStore.open(dir, 'test')
  ledger = openLedger(store, 'http://127.0.0.1:4010', 'key-1').ledger
  store.transaction('first page', () => ledger.commitPage([sampleLeg(1)], walk, false, 0, 0))
})
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Writes the page, then fails in the same transaction, as a later step of it would. */
function rolledBack(legs: TransactionLeg[], readAtMs = 0): void {
  expect(() =>
    store.transaction('a page that fails after its legs', () => {
      ledger.commitPage(legs, walk, false, readAtMs, 0)
      throw new Error('the step after the legs failed')
    }),
  ).toThrow()
}

describe('a page rolled back after its legs were written', () => {
  it('leaves no party number behind that the next new party takes', () => {
    const lost = { name: 'Lost Ltd', address: '0x1111' }
    rolledBack([sampleLeg(2, { from: lost })])
    const newcomer = { name: 'Newcomer', address: '0x2222' }
    store.transaction('next page', () =>
      ledger.commitPage([sampleLeg(3, { from: newcomer }), sampleLeg(4, { from: lost })], walk, false, 0, 0),
    )
    expect(ledger.legs(sampleLeg(4).id)[0]!.from).toEqual(lost)
    expect(ledger.legs(sampleLeg(3).id)[0]!.from).toEqual(newcomer)
  })

  it('leaves no word number behind that the next new word takes', () => {
    rolledBack([sampleLeg(2, { asset: 'LOST' })])
    store.transaction('next page', () =>
      ledger.commitPage([sampleLeg(3, { asset: 'NEW' }), sampleLeg(4, { asset: 'LOST' })], walk, false, 0, 0),
    )
    expect(ledger.legs(sampleLeg(4).id)[0]!.asset).toBe('LOST')
    expect(ledger.legs(sampleLeg(3).id)[0]!.asset).toBe('NEW')
  })

  it('leaves no word number behind that names no word at all', () => {
    rolledBack([sampleLeg(2, { asset: 'LOST', network: 'lost-net' })])
    store.transaction('next page', () =>
      ledger.commitPage([sampleLeg(4, { asset: 'LOST', network: 'lost-net' })], walk, false, 0, 0),
    )
    expect(ledger.legs(sampleLeg(4).id)[0]).toMatchObject({ asset: 'LOST', network: 'lost-net' })
    // As another process, or the app after a restart, reads it: from the file alone.
    const other = DeskStore.open(dir, 'test')
    try {
      expect(openLedger(other, 'http://127.0.0.1:4010', 'key-1').ledger.legs(sampleLeg(4).id)[0]).toMatchObject({
        asset: 'LOST',
        network: 'lost-net',
      })
    } finally {
      other.close()
    }
  })

  it('leaves no party number behind that names no party at all', () => {
    const lost = { name: 'Lost Ltd', address: '0x1111' }
    rolledBack([sampleLeg(2, { from: lost })])
    store.transaction('next page', () => ledger.commitPage([sampleLeg(4, { from: lost })], walk, false, 0, 0))
    expect(ledger.legs(sampleLeg(4).id)[0]!.from).toEqual(lost)
  })

  it('leaves no read time number behind that the next new read time takes', () => {
    const [lost, next] = [Date.parse('2026-11-02T10:00:00.000Z'), Date.parse('2026-11-02T10:00:05.000Z')]
    rolledBack([sampleLeg(2)], lost)
    store.transaction('next page', () => ledger.commitPage([sampleLeg(3)], walk, false, next, 0))
    store.transaction('the page again', () => ledger.commitPage([sampleLeg(4)], walk, false, lost, 0))
    expect(ledger.legs(sampleLeg(4).id)[0]!.read_at).toBe('2026-11-02T10:00:00.000Z')
    expect(ledger.legs(sampleLeg(3).id)[0]!.read_at).toBe('2026-11-02T10:00:05.000Z')
  })
})
