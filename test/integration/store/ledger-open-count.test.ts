import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openLedger } from '../../../electron/core/history/ledger-scope'
import { DeskStore, type LedgerRepo } from '../../../electron/core/store'
import { sampleLeg } from '../../harness/sample-leg'

// Opening the Transactions screen reads the ledger's summary. Counting the legs reads an index entry per leg, most of
// the open on a million-leg ledger: it is counted again only after something was written.
const SCOPE = ['http://127.0.0.1:4010', 'key-1'] as const
const walk = { after: null, before: null, cursor: null, newest: null, oldest: null, pages: 1, rows: 1, startedAt: 0 }
let dir: string
let store: DeskStore
let ledger: LedgerRepo

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-open-count-'))
  store = DeskStore.open(dir, 'test')
  ledger = openLedger(store, ...SCOPE).ledger
  store.transaction('first page', () => ledger.commitPage([sampleLeg(1), sampleLeg(2)], walk, false, 0, 0))
})
afterEach(() => {
  vi.restoreAllMocks()
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** How many times the legs are counted whole while `read` runs. */
function legCounts(read: () => void): number {
  const prepare = vi.spyOn(DatabaseSync.prototype, 'prepare')
  read()
  const counts = prepare.mock.calls.filter(([sql]) => /COUNT\(\*\) AS n FROM ledger_legs$/.test(sql)).length
  prepare.mockRestore()
  return counts
}

describe('the ledger summary a screen opens with', () => {
  it('counts the legs once while nothing is written, however often the screen opens', () => {
    expect(legCounts(() => [1, 2, 3].forEach(() => expect(ledger.summary().rows).toBe(2)))).toBe(1)
  })

  it('counts again after a page from this connection, or a write from another process', () => {
    expect(ledger.summary().rows).toBe(2)
    store.transaction('next page', () => ledger.commitPage([sampleLeg(3)], walk, false, 0, 0))
    expect(ledger.summary().rows).toBe(3)
    const other = DeskStore.open(dir, 'test')
    try {
      const theirs = openLedger(other, ...SCOPE).ledger
      other.transaction('their page', () => theirs.commitPage([sampleLeg(4)], walk, false, 0, 0))
    } finally {
      other.close()
    }
    expect(ledger.summary().rows).toBe(4)
  })

  it('keeps no count read inside a transaction that is then rolled back', () => {
    expect(() =>
      store.transaction('a page that fails', () => {
        ledger.commitPage([sampleLeg(5)], walk, false, 0, 0)
        expect(ledger.summary().rows).toBe(3)
        throw new Error('the step after the legs failed')
      }),
    ).toThrow()
    expect(ledger.summary().rows).toBe(2)
  })
})
