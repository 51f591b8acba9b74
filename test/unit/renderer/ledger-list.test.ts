import { InfiniteQueryObserver, QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { LedgerFilter, LedgerPageQuery, LedgerRow } from '../../../shared/api/ledger-query'
import { ledgerChanged, ledgerRowsOptions, useLedgerRows } from '../../../renderer/src/data/ledger-rows'
import { createDeskQueryClient } from '../../../renderer/src/data/query-client'
import { sampleLeg } from '../../harness/sample-leg'

const row = (i: number): LedgerRow => ({
  ...sampleLeg(i + 1_000, {
    id: `tx-${String(i).padStart(6, '0')}`,
    created_at: new Date(Date.UTC(2026, 10, 1) - i * 1000).toISOString(),
  }),
  read_at: '2026-11-01T00:00:00.000Z',
  final: true,
  suspected_poisoning: false,
})

/**
 * A ledger of `total` rows behind a stand-in `window.desk`, answering `history.page` like the core (newest first, by
 * position).
 */
function fakeLedger(total: number) {
  const ledger = {
    rows: Array.from({ length: total }, (_, i) => row(i)),
    asked: [] as LedgerPageQuery[],
    hold: null as Promise<void> | null,
  }
  const invoke = async (channel: string, input: LedgerPageQuery) => {
    if (channel !== 'history.page') return { ok: false, error: { code: 'not_supported', message: channel } }
    ledger.asked.push(input)
    if (ledger.hold) await ledger.hold
    const start = input.after ? ledger.rows.findIndex((r) => r.id === input.after!.id) + 1 : 0
    const rows = ledger.rows.slice(start, start + (input.limit ?? 100))
    const last = rows.at(-1)
    const next =
      start + rows.length < ledger.rows.length && last
        ? { at: last.created_at, id: last.id, direction: last.direction }
        : null
    return { ok: true, data: { rows, next } }
  }
  ;(globalThis as { window?: unknown }).window = { desk: { invoke, on: () => () => undefined } }
  return ledger
}

const settle = () => new Promise((r) => setTimeout(r, 0))

afterEach(() => delete (globalThis as { window?: unknown }).window)

/** The Transactions screen on one filter: its rows as the cache holds them. */
function openList(client: QueryClient, filter: LedgerFilter) {
  const observer = new InfiniteQueryObserver(client, ledgerRowsOptions(filter))
  const seen: number[] = []
  const stop = observer.subscribe((r) => seen.push(r.data?.pages.flatMap((p) => p.rows).length ?? 0))
  const rows = () => observer.getCurrentResult().data?.pages.flatMap((p) => p.rows) ?? []
  return { observer, rows, seen, stop }
}

describe('the Transactions list over the ledger', () => {
  it('reads a first page, then the next from where it ended, until the end', async () => {
    const ledger = fakeLedger(450)
    const list = openList(createDeskQueryClient(), {})
    await settle()
    expect(list.rows()).toHaveLength(200)
    await list.observer.fetchNextPage()
    await list.observer.fetchNextPage()
    expect(list.rows().map((r) => r.id)).toEqual(ledger.rows.map((r) => r.id))
    expect(list.observer.getCurrentResult().hasNextPage).toBe(false)
    expect(ledger.asked[1]!.after).toMatchObject({ id: ledger.rows[199]!.id })
  })

  it('keeps the rows when the screen opens again on the same filter, and reads another filter anew', async () => {
    const ledger = fakeLedger(300)
    const client = createDeskQueryClient()
    openList(client, { asset: 'ETH' }).stop()
    await settle()
    const again = openList(client, { asset: 'ETH' })
    await settle()
    expect(ledger.asked).toHaveLength(1)
    expect(again.rows()).toHaveLength(200)
    const other = openList(client, { asset: 'BTC' })
    expect(other.rows()).toEqual([])
    await settle()
    expect(ledger.asked.at(-1)).toMatchObject({ asset: 'BTC' })
  })

  it('reads a sync’s new rows in one step while few are loaded, and offers a refresh when many are', async () => {
    const ledger = fakeLedger(250)
    const client = createDeskQueryClient()
    const list = openList(client, {})
    await settle()
    ledger.rows.unshift(row(-1))
    list.seen.length = 0
    ledgerChanged(client)
    await settle()
    await settle()
    expect(list.seen).not.toContain(0)
    expect(list.rows()[0]!.id).toBe(row(-1).id)
    expect(list.observer.getCurrentResult().isStale).toBe(false)

    ledger.rows = Array.from({ length: 900 }, (_, i) => row(i - 1))
    await list.observer.fetchNextPage()
    await list.observer.fetchNextPage()
    expect(list.rows()).toHaveLength(600)
    const asked = ledger.asked.length
    ledgerChanged(client)
    await settle()
    // Marked old, not read: the screen offers "Show them".
    expect(ledger.asked).toHaveLength(asked)
    expect(list.observer.getCurrentResult()).toMatchObject({ isStale: true, isFetching: false })
    expect(list.rows()).toHaveLength(600)
  })

  it('asks for the first page while the screen renders, before any read its parts start once mounted', async () => {
    const ledger = fakeLedger(300)
    const client = createDeskQueryClient()
    const Screen = ({ filter, enabled }: { filter: LedgerFilter; enabled: boolean }) =>
      createElement('p', null, useLedgerRows(filter, enabled).rows.length)
    const render = (filter: LedgerFilter, enabled = true) =>
      renderToString(createElement(QueryClientProvider, { client }, createElement(Screen, { filter, enabled })))
    // A render runs no effect: a read seen here left during the render itself.
    render({ asset: 'BTC' }, false)
    expect(ledger.asked).toEqual([])
    render({ asset: 'ETH' })
    render({ asset: 'ETH' })
    expect(ledger.asked).toEqual([{ asset: 'ETH', limit: 200 }])
    await settle()
    expect(render({ asset: 'ETH' })).toContain('200')
  })
})
