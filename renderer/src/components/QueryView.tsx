import type { ReactNode } from 'react'
import type { DeskCallError } from '../desk'
import { ErrorBox } from './ErrorBox'
import { Loading } from './Loading'
import { StaleNotice } from './StaleNotice'

/** The part of a query result a view needs (a TanStack result has it; two can be combined with `bothQueries`). */
export interface ViewQuery<T> {
  data: T | undefined
  error: DeskCallError | null
  isPending: boolean
  isFetching: boolean
  dataUpdatedAt: number
  refetch: () => unknown
}

interface Props<T> {
  query: ViewQuery<T>
  /** "wallets", "the payout": completes "Loading …". */
  what: string
  errorTitle: string
  /** Shown instead of `children` when `isEmpty` says the answer holds nothing. */
  empty?: ReactNode
  isEmpty?: (data: T) => boolean
  children: (data: T) => ReactNode
}

/**
 * One read on screen: loading, then the data (or what to do when it is empty), or the error with a retry. When a
 * re-read fails after data was shown, the data stays, marked with when it was read and why it is not newer.
 */
export function QueryView<T>({ query, what, errorTitle, empty, isEmpty, children }: Props<T>) {
  const retry = () => void query.refetch()
  if (query.data === undefined) {
    if (query.error) return <ErrorBox error={query.error} title={errorTitle} onRetry={retry} />
    return query.isPending ? <Loading what={what} paced /> : null
  }
  const shown = isEmpty?.(query.data) ? empty : children(query.data)
  if (!query.error) return <>{shown}</>
  // Data that could not be read again is dimmed under the notice of its read time, so it never looks fresh.
  return (
    <>
      <StaleNotice error={query.error} at={query.dataUpdatedAt} retrying={query.isFetching} onRetry={retry} />
      <div className="stale-data" data-testid="stale-data">
        {shown}
      </div>
    </>
  )
}
