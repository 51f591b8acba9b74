import type { TransactionLeg } from '../../../shared/api/resources'
import { PagingStuckError } from '../api/paging-guard'

/** Pages in a row that carry movements yet add none and reach no older time before a walk is taken to be stuck. */
export const MAX_PAGES_WITHOUT_PROGRESS = 5

const shown = (cursor: string) => JSON.stringify(cursor.length > 120 ? `${cursor.slice(0, 120)}…` : cursor)

/**
 * A newest-first walk moves on when a page reaches an older time than any before it, or brings a movement not seen
 * yet at the oldest time reached (many can share one instant). A provider that sends a new cursor with the same
 * movements each time does neither; the walk stops after a few such pages instead of spending the key's budget.
 * Only the movements at the oldest instant are remembered, so the memory does not grow with the history.
 */
export class WalkProgress {
  private oldest: number | null = null
  private readonly atOldest = new Set<string>()
  private stalled = 0

  /** Checks a page with rows before it is used; empty pages are the paging guard's to bound. */
  next(rows: readonly TransactionLeg[], nextCursor: string | null): void {
    if (rows.length === 0) return
    if (this.moved(rows)) {
      this.stalled = 0
      return
    }
    if (nextCursor === null || ++this.stalled < MAX_PAGES_WITHOUT_PROGRESS) return
    throw new PagingStuckError(
      nextCursor,
      `The provider sent ${MAX_PAGES_WITHOUT_PROGRESS} pages in a row that added no movement and reached no ` +
        `older time, each with a new ` +
        `cursor (last ${shown(nextCursor)}), so the history sync stopped instead of repeating them. Try again ` +
        `later; if it persists, tell the provider.`,
    )
  }

  private moved(rows: readonly TransactionLeg[]): boolean {
    const oldest = Math.min(...rows.map((r) => Date.parse(r.created_at)))
    const older = this.oldest === null || oldest < this.oldest
    if (older) {
      this.oldest = oldest
      this.atOldest.clear()
    }
    let fresh = false
    for (const r of rows) {
      if (Date.parse(r.created_at) !== this.oldest) continue
      const key = `${r.id}\n${r.direction}`
      if (!this.atOldest.has(key)) fresh = true
      this.atOldest.add(key)
    }
    return older || fresh
  }
}
