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
  /** The profile the rows belong to: rows never outlive a profile switch. */
  profileId: string | null
  filter: TxFilter
  rows: TransactionLeg[]
  nextCursor: string | null
  done: boolean
  loading: boolean
  error: DeskCallError | null
  /** Bumped on every reset so answers to an older filter are dropped. */
  generation: number
  /** Shows the rows already loaded for this profile and filter (checking the newest page), else starts over. */
  open(profileId: string | null, filter: TxFilter): void
  reset(filter: TxFilter): void
  loadMore(): Promise<void>
}

const PAGE = 100

function legKey(t: TransactionLeg): string {
  return `${t.id}|${t.direction}`
}

function sameFilter(a: TxFilter, b: TxFilter): boolean {
  return a.walletId === b.walletId && a.after === b.after && a.before === b.before
}

function pageInput(filter: TxFilter, cursor: string | null) {
  return {
    limit: PAGE,
    ...(filter.walletId ? { wallet_id: filter.walletId } : {}),
    ...(filter.after ? { created_after: filter.after } : {}),
    ...(filter.before ? { created_before: filter.before } : {}),
    ...(cursor ? { cursor } : {}),
  }
}

/** Keys of the loaded rows, grown page by page so a page costs its own size, not the whole history's. */
let seen = new Set<string>()

/** Rows of a page not loaded yet, remembered as loaded. */
function fresh(rows: TransactionLeg[]): TransactionLeg[] {
  const out: TransactionLeg[] = []
  for (const r of rows) {
    const key = legKey(r)
    if (seen.has(key)) continue
    seen.add(key)
    out.push(r)
  }
  return out
}

/** The transaction history as loaded so far, newest first; pages follow the cursor and are deduped by (id, direction). */
export const useTx = create<TxState>((set, get) => ({
  profileId: null,
  filter: { walletId: null, after: null, before: null },
  rows: [],
  nextCursor: null,
  done: false,
  loading: false,
  error: null,
  generation: 0,
  open(profileId, filter) {
    const s = get()
    if (s.profileId !== profileId || !sameFilter(s.filter, filter) || s.rows.length === 0 || s.error) {
      set({ profileId })
      get().reset(filter)
      return
    }
    const { generation } = s
    // Movements recorded since the last visit: prepended when the newest page reaches a loaded row, else the list starts over.
    call('transactions.page', pageInput(filter, null)).then(
      (page) => {
        if (get().generation !== generation) return
        const keys = page.rows.map(legKey)
        const knownAt = keys.findIndex((k) => seen.has(k))
        if (knownAt === 0) return
        if (knownAt === -1) return get().reset(filter)
        const newer = fresh(page.rows.slice(0, knownAt))
        set((st) => ({ rows: newer.concat(st.rows) }))
      },
      () => undefined,
    )
  },
  reset(filter) {
    seen = new Set()
    set((s) => ({ filter, rows: [], nextCursor: null, done: false, loading: false, error: null, generation: s.generation + 1 }))
    void get().loadMore()
  },
  async loadMore() {
    const { loading, done, filter, nextCursor, generation } = get()
    if (loading || done) return
    set({ loading: true, error: null })
    try {
      const page = await call('transactions.page', pageInput(filter, nextCursor))
      if (get().generation !== generation) return
      const added = fresh(page.rows)
      set((s) => ({ rows: added.length ? s.rows.concat(added) : s.rows, nextCursor: page.nextCursor, done: page.nextCursor === null, loading: false }))
    } catch (err) {
      if (get().generation !== generation) return
      set({ loading: false, error: asDeskError(err) })
    }
  },
}))
