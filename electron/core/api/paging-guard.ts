import { InvalidResponseError } from './errors'

/** Empty pages in a row that still point to a next one before paging is taken to be stuck. */
export const MAX_EMPTY_PAGES = 20

/** The provider's cursor paging does not move on; `cursor` is the next_cursor it last sent. */
export class PagingStuckError extends InvalidResponseError {
  readonly cursor: string

  constructor(cursor: string, message: string) {
    super(200, message)
    this.name = 'PagingStuckError'
    this.cursor = cursor
  }
}

const shown = (cursor: string) => JSON.stringify(cursor.length > 120 ? `${cursor.slice(0, 120)}…` : cursor)

/**
 * Follows one cursor walk and stops it when the provider sends a next_cursor it already sent for
 * the same range, or keeps sending empty pages: either would repeat requests until the key's budget is gone.
 */
export class PagingGuard {
  private readonly followed = new Set<string>()
  private emptyInRow = 0

  /** Checks a page before anything of it is used; `range` names the query the cursor belongs to. */
  next(range: string, rows: number, nextCursor: string | null): void {
    if (nextCursor === null) return
    const key = `${range}\u0000${nextCursor}`
    if (this.followed.has(key)) {
      throw new PagingStuckError(
        nextCursor,
        `The provider sent the page cursor ${shown(nextCursor)} a second time for the same range, so reading ` +
          `the transaction list stopped instead of repeating it forever. Try again later; if it persists, tell ` +
          `the provider.`,
      )
    }
    this.emptyInRow = rows === 0 ? this.emptyInRow + 1 : 0
    if (this.emptyInRow >= MAX_EMPTY_PAGES) {
      throw new PagingStuckError(
        nextCursor,
        `The provider sent ${MAX_EMPTY_PAGES} pages in a row with no movements that each point to a next page ` +
          `(last cursor ${shown(nextCursor)}), so reading the transaction list stopped. Try again later; if it ` +
          `persists, tell the provider.`,
      )
    }
    this.followed.add(key)
  }
}
