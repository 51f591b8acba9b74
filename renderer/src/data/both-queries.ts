import type { ViewQuery } from '../components/QueryView'

/** Two reads shown as one: data once both answered, the first error, the older of the two read times. */
export function bothQueries<A, B>(a: ViewQuery<A>, b: ViewQuery<B>): ViewQuery<[A, B]> {
  return {
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    error: a.error ?? b.error,
    isPending: a.isPending || b.isPending,
    isFetching: a.isFetching || b.isFetching,
    dataUpdatedAt: Math.min(a.dataUpdatedAt, b.dataUpdatedAt),
    refetch: () => Promise.all([a.refetch(), b.refetch()]),
  }
}
