import { create } from 'zustand'
import type { LedgerFilter, LedgerPosition, LedgerRow } from '@shared/api/ledger-query'
import { readDesk } from '../../data/read-desk'
import { asDeskError, type DeskCallError } from '../../desk'

/** Rows asked of the ledger at a time: a screenful several times over, read from disk in a few milliseconds. */
const PAGE = 200
/** Up to this many loaded rows (the most one read returns), new data from a sync is read in at once; beyond it the user is offered a refresh. */
const REFRESH_IN_PLACE = 500

interface LedgerListState {
  /** The profile the rows belong to: rows never outlive a profile switch. */
  profileId: string | null
  filter: LedgerFilter
  rows: LedgerRow[]
  next: LedgerPosition | null
  done: boolean
  loading: boolean
  error: DeskCallError | null
  /** A sync changed the ledger since these rows were read and reading them again would move the user's place. */
  outdated: boolean
  /** Bumped whenever the list starts over, so answers to an older filter are dropped. */
  generation: number
  /** Shows the rows already read for this profile and filter, else starts over. */
  open(profileId: string | null, filter: LedgerFilter): void
  /** Reads the list again from the top (the same filter). */
  reload(): void
  loadMore(): Promise<void>
  /** A sync committed rows: read them in now when few rows are loaded, else offer a refresh. */
  ledgerChanged(): Promise<void>
}

const sameFilter = (a: LedgerFilter, b: LedgerFilter) => JSON.stringify(a) === JSON.stringify(b)

/** The Transactions screen's rows: the local ledger, newest first, page by page as the user scrolls. */
export const useLedgerList = create<LedgerListState>((set, get) => ({
  profileId: null,
  filter: {},
  rows: [],
  next: null,
  done: false,
  loading: false,
  error: null,
  outdated: false,
  generation: 0,
  open(profileId, filter) {
    const s = get()
    if (s.profileId === profileId && sameFilter(s.filter, filter) && s.rows.length > 0 && !s.error && !s.outdated) return
    set({ profileId, filter })
    get().reload()
  },
  reload() {
    set((s) => ({ rows: [], next: null, done: false, loading: false, error: null, outdated: false, generation: s.generation + 1 }))
    void get().loadMore()
  },
  async loadMore() {
    const { loading, done, filter, next, generation } = get()
    if (loading || done) return
    set({ loading: true, error: null })
    try {
      const page = await readDesk('history.page', { ...filter, limit: PAGE, ...(next ? { after: next } : {}) })
      if (get().generation !== generation) return
      set((s) => ({ rows: s.rows.concat(page.rows), next: page.next, done: page.next === null, loading: false }))
    } catch (err) {
      if (get().generation !== generation) return
      set({ loading: false, error: asDeskError(err) })
    }
  },
  async ledgerChanged() {
    const { rows, filter, generation } = get()
    if (rows.length > REFRESH_IN_PLACE) return set({ outdated: true })
    try {
      // The rows shown are replaced in one step, so the table never flashes empty.
      const page = await readDesk('history.page', { ...filter, limit: Math.max(PAGE, rows.length) })
      if (get().generation !== generation) return
      set((s) => ({ rows: page.rows, next: page.next, done: page.next === null, loading: false, error: null, generation: s.generation + 1 }))
    } catch {
      // The rows shown stay; the status line says why the ledger could not be read.
    }
  },
}))
