import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Withdrawal } from '../../../shared/api/resources'
import type { EventName, EventPayload } from '../../../shared/ipc/events'
import { wireDeskEvents } from '../../../renderer/src/data/desk-events'
import { fakeDeskEvents } from './fake-desk-events'
import { sampleWithdrawal } from './sample-withdrawal'
import { createDeskQueryClient } from '../../../renderer/src/data/query-client'
import { READ_CHANNELS, type ReadChannel, type WriteChannel } from '../../../renderer/src/data/read-channels'
import { staleAfterWrite, WRITE_STALES } from '../../../renderer/src/data/write-stales'

/** What each read holds in the cache where its shape matters: lists are arrays, the ledger's rows come in pages. */
const SEEDS: { readonly [C in ReadChannel]?: unknown } = {
  'withdrawals.list': [],
  'history.page': { pages: [{ rows: [], next: null }], pageParams: [null] },
}

/** One cached read of every read channel. */
function cacheOfEverything(): QueryClient {
  const client = createDeskQueryClient()
  for (const channel of READ_CHANNELS) client.setQueryData([channel, {}], SEEDS[channel] ?? { seeded: channel })
  return client
}

const markedOld = (client: QueryClient): ReadChannel[] =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey[0] as ReadChannel)
    .sort()

const payout = (status: Withdrawal['status']): Withdrawal => sampleWithdrawal({ status })

/**
 * Emits one event into a cache holding every read and answers which reads it marked old, the batch's throttle run out.
 */
function after<E extends EventName>(event: E, payload: EventPayload<E>): ReadChannel[] {
  const client = cacheOfEverything()
  const events = fakeDeskEvents()
  const stop = wireDeskEvents(client, events.on, () => 'p1')
  events.emit(event, payload)
  vi.runAllTimers()
  stop()
  return markedOld(client)
}

const sorted = (channels: ReadChannel[]) => [...channels].sort()

describe('core events mark old exactly the reads they change', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('outbox.changed: the outbox and everything listed from it, the payout list quietly, the batch', () => {
    expect(after('outbox.changed', { profileId: 'p1' })).toEqual(
      sorted([
        'payouts.outbox',
        'payouts.outboxDamaged',
        'held.list',
        'payouts.tests',
        'payouts.search',
        'activity.page',
        'withdrawals.list',
        'batch.status',
        'batch.list',
        'home.summary',
      ]),
    )
  })

  it('withdrawal.updated of a payout no list holds: its tests, first-payout answer, search, the lists and the batch', () => {
    expect(
      after('withdrawal.updated', {
        profileId: 'p1',
        withdrawal: payout('pending_approval'),
        previousStatus: null,
        stale: false,
      }),
    ).toEqual(
      sorted([
        'payouts.tests',
        'payouts.firstPayout',
        'payouts.search',
        'withdrawals.list',
        'batch.status',
        'batch.list',
        'alterations.list',
        'home.summary',
      ]),
    )
  })

  it('withdrawal.updated of a payout that completed: balances and on-chain history too', () => {
    expect(
      after('withdrawal.updated', {
        profileId: 'p1',
        withdrawal: payout('completed'),
        previousStatus: 'processing',
        stale: false,
      }),
    ).toEqual(
      sorted([
        'payouts.tests',
        'payouts.firstPayout',
        'payouts.search',
        'withdrawals.list',
        'batch.status',
        'batch.list',
        'alterations.list',
        'home.summary',
        'wallets.list',
        'wallets.get',
        'transactions.page',
        'transactions.get',
      ]),
    )
  })

  it('history.progress: the ledger summary, legs and rows only', () => {
    const progress = {
      profileId: 'p1',
      state: 'running',
      pages: 1,
      rows: 2,
      rowsPerSecond: 1,
      etaSeconds: null,
      reachedBack: null,
      error: null,
    } as const
    expect(after('history.progress', progress)).toEqual(
      sorted(['history.summary', 'history.legs', 'history.page', 'home.summary']),
    )
  })

  it('pacing.changed: the request budget only', () => {
    expect(after('pacing.changed', { remaining: 3, limit: 10 })).toEqual(['pacing.status'])
  })

  it('history.notesChanged: the leg notes and the ledger rows (a note may put a leg in or out of a search)', () => {
    expect(after('history.notesChanged', { profileId: 'p1' })).toEqual(sorted(['history.legNotes', 'history.page']))
  })

  it("events of another profile mark only Home (it shows every profile's store); exports, clipboard and notices nothing", () => {
    expect(after('outbox.changed', { profileId: 'p2' })).toEqual(['home.summary'])
    expect(
      after('history.progress', {
        profileId: 'p2',
        state: 'idle',
        pages: 0,
        rows: 0,
        rowsPerSecond: 0,
        etaSeconds: null,
        reachedBack: null,
        error: null,
      }),
    ).toEqual(['home.summary'])
    expect(after('export.progress', { exportId: 'e', rows: 1, pages: 1, done: false })).toEqual([])
    expect(after('clipboard.swapped', { network: 'n', copied: 'a', found: 'b', message: 'm' })).toEqual([])
    expect(after('app.notice', { level: 'info', message: 'm' })).toEqual([])
  })

  it('profiles.changed: the profiles themselves (public keys are dropped, not marked)', () => {
    expect(after('profiles.changed', {})).toEqual(['home.summary', 'profiles.current', 'profiles.list'])
  })

  it('reads a moving batch again at most once a second, the last change always read', () => {
    const client = cacheOfEverything()
    const events = fakeDeskEvents()
    const refetch = vi.spyOn(client, 'invalidateQueries')
    wireDeskEvents(client, events.on, () => 'p1')
    const batchReads = () => refetch.mock.calls.filter(([f]) => f?.queryKey?.[0] === 'batch.status').length
    for (let i = 0; i < 50; i++) {
      events.emit('outbox.changed', { profileId: 'p1' })
      vi.advanceTimersByTime(40)
    }
    // 2 s of changes every 40 ms: one read at once, then one a second.
    expect(batchReads()).toBe(3)
    vi.runAllTimers()
    expect(batchReads()).toBe(3)
  })
})

describe('writes no core event covers mark old exactly their table entry', () => {
  it.each(Object.entries(WRITE_STALES) as Array<[WriteChannel, readonly ReadChannel[]]>)('%s', async (write, stale) => {
    const client = cacheOfEverything()
    await staleAfterWrite(client, write)
    expect(markedOld(client)).toEqual(sorted([...stale]))
  })

  it('a write the core announces marks nothing old by hand', async () => {
    const client = cacheOfEverything()
    await staleAfterWrite(client, 'withdrawals.cancel')
    expect(markedOld(client)).toEqual([])
  })
})
