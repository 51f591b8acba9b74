import type { LedgerPageView, LedgerRowView } from '@shared/ipc/views'
import {
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query'
import type { LedgerFilter, LedgerPosition } from '@shared/api/ledger-query'
import { call, type DeskCallError } from '../desk'
import { channelKey } from './desk-keys'

/** Rows asked of the ledger at a time: a screenful several times over, read from disk in a few milliseconds. */
const PAGE = 200
/** Up to this many loaded rows, new data from a sync is read in at once; beyond it the user is offered a refresh. */
const REFRESH_IN_PLACE = 500

type Pages = InfiniteData<LedgerPageView, LedgerPosition | null>
const ledgerKey = (filter: LedgerFilter) => ['history.page', filter] as const

/**
 * The ledger's rows for one filter, newest first, page by page from where the last page ended. Read once per filter
 * and kept (the screen opening again shows them as they were): only a sync or a note marks them old (ledgerChanged).
 */
export function ledgerRowsOptions(
  filter: LedgerFilter,
): UseInfiniteQueryOptions<LedgerPageView, DeskCallError, Pages, ReturnType<typeof ledgerKey>, LedgerPosition | null> {
  return {
    queryKey: ledgerKey(filter),
    queryFn: ({ pageParam }) =>
      call('history.page', { ...filter, limit: PAGE, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
    staleTime: Infinity,
  }
}

export interface LedgerRows {
  rows: LedgerRowView[]
  loading: boolean
  error: DeskCallError | null
  done: boolean
  /** A sync changed the ledger since these rows were read, and reading them again would move the user's place. */
  outdated: boolean
  loadMore(): void
  /** Reads the list again from the top. */
  reload(): void
}

export function useLedgerRows(filter: LedgerFilter, enabled: boolean): LedgerRows {
  const client = useQueryClient()
  const options = ledgerRowsOptions(filter)
  // The rows are what the person opened the screen for: their read leaves during this render, ahead of the reads the
  // screen's parts start once mounted (the summary, the wallets, the price table), so the core answers it first.
  if (enabled && !client.getQueryState(options.queryKey)) void client.prefetchInfiniteQuery(options)
  const q = useInfiniteQuery({ ...options, enabled })
  return {
    rows: q.data?.pages.flatMap((p) => p.rows) ?? [],
    loading: q.isFetching,
    error: q.error,
    done: q.data !== undefined && !q.hasNextPage,
    outdated: q.data !== undefined && q.isStale && !q.isFetching,
    loadMore: () => {
      if (q.isFetching) return
      void (q.data ? q.hasNextPage && q.fetchNextPage() : q.refetch())
    },
    reload: () => void client.resetQueries({ queryKey: ledgerKey(filter), exact: true }),
  }
}

/**
 * A sync committed rows or a note changed: a list holding few rows is read again now (its pages swap in one step, so
 * the table never flashes empty); one holding many is only marked old, and offers a refresh instead of moving the
 * user's place.
 */
export function ledgerChanged(client: QueryClient): void {
  for (const query of client.getQueryCache().findAll({ queryKey: channelKey('history.page') })) {
    const loaded = (query.state.data as Pages | undefined)?.pages.reduce((n, p) => n + p.rows.length, 0) ?? 0
    void client.invalidateQueries({
      queryKey: query.queryKey,
      exact: true,
      refetchType: loaded > REFRESH_IN_PLACE ? 'none' : 'active',
    })
  }
}
