import { create } from 'zustand'
import type { TransactionLeg } from '../../../../shared/api/resources'
import { asDeskError, call, type DeskCallError } from '../../desk'

export interface TxFilter {
  walletId: string | null
  /** ISO timestamps of the recorded-time range. */
  after: string | null
  before: string | null
}

interface TxState {
  filter: TxFilter
  rows: TransactionLeg[]
  nextCursor: string | null
  done: boolean
  loading: boolean
  error: DeskCallError | null
  /** Bumped on every reset so answers to an older filter are dropped. */
  generation: number
  reset(filter: TxFilter): void
  loadMore(): Promise<void>
}

const PAGE = 100

function legKey(t: TransactionLeg): string {
  return `${t.id}|${t.direction}`
}

/** The transaction history as loaded so far, newest first; pages follow the cursor and are deduped by (id, direction). */
export const useTx = create<TxState>((set, get) => ({
  filter: { walletId: null, after: null, before: null },
  rows: [],
  nextCursor: null,
  done: false,
  loading: false,
  error: null,
  generation: 0,
  reset(filter) {
    set((s) => ({ filter, rows: [], nextCursor: null, done: false, loading: false, error: null, generation: s.generation + 1 }))
    void get().loadMore()
  },
  async loadMore() {
    const { loading, done, filter, nextCursor, generation } = get()
    if (loading || done) return
    set({ loading: true, error: null })
    try {
      const page = await call('transactions.page', {
        limit: PAGE,
        ...(filter.walletId ? { wallet_id: filter.walletId } : {}),
        ...(filter.after ? { created_after: filter.after } : {}),
        ...(filter.before ? { created_before: filter.before } : {}),
        ...(nextCursor ? { cursor: nextCursor } : {}),
      })
      if (get().generation !== generation) return
      const seen = new Set(get().rows.map(legKey))
      const fresh = page.rows.filter((r) => !seen.has(legKey(r)))
      set((s) => ({ rows: fresh.length ? s.rows.concat(fresh) : s.rows, nextCursor: page.nextCursor, done: page.nextCursor === null, loading: false }))
    } catch (err) {
      if (get().generation !== generation) return
      set({ loading: false, error: asDeskError(err) })
    }
  },
}))
