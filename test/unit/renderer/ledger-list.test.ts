import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LedgerPageQuery, LedgerRow } from '../../../shared/api/ledger-query'
import { useLedgerList } from '../../../renderer/src/screens/transactions/ledger-list'
import { sampleLeg } from '../../harness/sample-leg'

const row = (i: number): LedgerRow => ({
  ...sampleLeg(i + 1_000, { id: `tx-${String(i).padStart(6, '0')}`, created_at: new Date(Date.UTC(2026, 10, 1) - i * 1000).toISOString() }),
  read_at: '2026-11-01T00:00:00.000Z',
  final: true,
  suspected_poisoning: false,
})

/** A ledger of `total` rows behind a stand-in `window.desk`, answering `history.page` like the core (newest first, by position). */
function fakeLedger(total: number) {
  const ledger = { rows: Array.from({ length: total }, (_, i) => row(i)), asked: [] as LedgerPageQuery[], hold: null as Promise<void> | null }
  const invoke = async (channel: string, input: LedgerPageQuery) => {
    if (channel !== 'history.page') return { ok: false, error: { code: 'not_supported', message: channel } }
    ledger.asked.push(input)
    if (ledger.hold) await ledger.hold
    const start = input.after ? ledger.rows.findIndex((r) => r.id === input.after!.id) + 1 : 0
    const rows = ledger.rows.slice(start, start + (input.limit ?? 100))
    const last = rows.at(-1)
    const next = start + rows.length < ledger.rows.length && last ? { at: last.created_at, id: last.id, direction: last.direction } : null
    return { ok: true, data: { rows, next } }
  }
  ;(globalThis as { window?: unknown }).window = { desk: { invoke, on: () => () => undefined } }
  return ledger
}

const settle = () => new Promise((r) => setTimeout(r, 0))

beforeEach(() => useLedgerList.setState({ profileId: null, filter: {}, rows: [], next: null, done: false, loading: false, error: null, outdated: false }))
afterEach(() => delete (globalThis as { window?: unknown }).window)

describe('the Transactions list over the ledger', () => {
  it('reads a first page, then the next from where it ended, until the end', async () => {
    const ledger = fakeLedger(450)
    useLedgerList.getState().open('p1', {})
    await settle()
    expect(useLedgerList.getState().rows).toHaveLength(200)
    await useLedgerList.getState().loadMore()
    await useLedgerList.getState().loadMore()
    const s = useLedgerList.getState()
    expect(s.rows.map((r) => r.id)).toEqual(ledger.rows.map((r) => r.id))
    expect(s.done).toBe(true)
    expect(ledger.asked[1]!.after).toMatchObject({ id: ledger.rows[199]!.id })
  })

  it('keeps the rows when the screen opens again on the same profile and filter, and starts over on another filter', async () => {
    const ledger = fakeLedger(300)
    useLedgerList.getState().open('p1', { asset: 'ETH' })
    await settle()
    useLedgerList.getState().open('p1', { asset: 'ETH' })
    expect(ledger.asked).toHaveLength(1)
    useLedgerList.getState().open('p1', { asset: 'BTC' })
    // The rows of the previous filter are gone at once.
    expect(useLedgerList.getState().rows).toEqual([])
    await settle()
    expect(ledger.asked.at(-1)).toMatchObject({ asset: 'BTC' })
  })

  it('drops the answer to a filter the user has already left', async () => {
    const ledger = fakeLedger(300)
    let release!: () => void
    ledger.hold = new Promise<void>((r) => (release = r))
    useLedgerList.getState().open('p1', { direction: 'in' })
    useLedgerList.getState().open('p1', { direction: 'out' })
    ledger.rows = ledger.rows.slice(0, 3)
    release()
    await settle()
    expect(useLedgerList.getState().rows).toHaveLength(3)
    expect(useLedgerList.getState().filter).toEqual({ direction: 'out' })
  })

  it('reads a sync’s new rows in one step while few are loaded, and offers a refresh when many are', async () => {
    const ledger = fakeLedger(250)
    useLedgerList.getState().open('p1', {})
    await settle()
    ledger.rows.unshift(row(-1))
    const seen: number[] = []
    const stop = useLedgerList.subscribe((s) => seen.push(s.rows.length))
    await useLedgerList.getState().ledgerChanged()
    stop()
    expect(seen).not.toContain(0)
    expect(useLedgerList.getState().rows[0]!.id).toBe(row(-1).id)

    await useLedgerList.getState().loadMore()
    await useLedgerList.getState().loadMore()
    await useLedgerList.getState().loadMore()
    ledger.rows = Array.from({ length: 900 }, (_, i) => row(i - 1))
    useLedgerList.setState({ rows: ledger.rows.slice(0, 600), done: false })
    await useLedgerList.getState().ledgerChanged()
    expect(useLedgerList.getState().outdated).toBe(true)
    expect(useLedgerList.getState().rows).toHaveLength(600)
  })
})
