import { useState, type ReactNode } from 'react'

export interface Paged<T> {
  /** The rows of the page on screen. */
  rows: T[]
  /** "Rows 21–40 of 302" with Previous / Next; null when every row fits on one page. */
  pager: ReactNode
}

/**
 * A list that can grow to a team's size (hundreds of rows) shown a page at a time, so what follows it on the screen
 * (search, the payout list) is not pushed hundreds of rows down. The page stays in range when the list shrinks.
 */
export function usePaged<T>(all: readonly T[], size: number, what: string): Paged<T> {
  const [wanted, setPage] = useState(0)
  const pages = Math.max(1, Math.ceil(all.length / size))
  const page = Math.min(wanted, pages - 1)
  const rows = all.slice(page * size, (page + 1) * size)
  if (all.length <= size) return { rows, pager: null }
  const first = page * size + 1
  return {
    rows,
    pager: (
      <nav className="row pager" aria-label={`Pages of ${what}`}>
        <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <span role="status" data-testid="pager-position">
          Rows {first}–{first + rows.length - 1} of {all.length}
        </span>
        <button type="button" disabled={page === pages - 1} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </nav>
    ),
  }
}
