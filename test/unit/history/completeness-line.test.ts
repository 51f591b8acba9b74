import { describe, expect, it } from 'vitest'
import { completenessLine } from '../../../shared/api/ledger-completeness'
import type { LedgerSummary } from '../../../shared/api/ledger-query'

const time = (iso: string) => iso.slice(11, 16)
const synced: LedgerSummary = {
  rows: 1_000_000,
  notFinal: 3,
  complete: true,
  syncedAt: '2026-11-23T12:04:00.000Z',
  walk: null,
  lastError: null,
  lastAttemptAt: null,
}

describe('the completeness line', () => {
  it('says how far the ledger is synced, how many movements it holds and how many are not final', () => {
    expect(completenessLine(synced, { state: 'idle', rows: 0, error: null }, time)).toBe(
      'Synced to 12:04 · 1,000,000 movements · 3 not final',
    )
    expect(completenessLine({ ...synced, notFinal: 0 }, { state: 'running', rows: 10, error: null }, time)).toBe(
      'Synced to 12:04 · 1,000,000 movements · syncing…',
    )
  })

  it('with the provider unreachable the rows stay, marked with the last successful sync', () => {
    const failed = { ...synced, lastError: 'refused' }
    expect(completenessLine(failed, { state: 'failed', rows: 0, error: 'refused' }, time)).toBe(
      'Provider not reachable: showing 1,000,000 movements from the ledger (last successful sync 12:04) · 3 not final',
    )
  })

  it('during a first sync it says how far back it has come', () => {
    const first: LedgerSummary = {
      ...synced,
      rows: 200,
      notFinal: 0,
      complete: false,
      syncedAt: null,
      walk: { pages: 2, rows: 200, startedAt: '2026-11-23T12:00:00.000Z', reachedBack: '2026-10-01T08:30:00.000Z' },
    }
    expect(completenessLine(first, { state: 'running', rows: 200, error: null }, time)).toBe(
      'First sync under way: 200 movements so far, back to 08:30',
    )
    expect(completenessLine(first, { state: 'paused', rows: 200, error: null }, time)).toBe(
      'First sync paused: 200 movements so far, back to 08:30',
    )
    // Cancelled: nothing runs until the next sync, which continues from the last committed page.
    expect(completenessLine(first, { state: 'idle', rows: 200, error: null }, time)).toBe(
      'First sync stopped: 200 movements so far, back to 08:30',
    )
    const never: LedgerSummary = { ...first, rows: 0, walk: null }
    expect(completenessLine(never, { state: 'idle', rows: 0, error: null }, time)).toMatch(/^Not synced yet/)
  })
})
