import { LIMITS } from '../../../shared/api/limits'

/** Rows a page of the withdrawal list holds (the most the provider gives). */
export const SWEEP_PAGE = 100

/**
 * Where the follower's pass through the withdrawal list (newest first) stands. Each round continues the pass where the
 * last one stopped, so every page is read in turn however little budget a round has; a pass ends at the list's end or
 * once it has seen every payout followed, and the next starts again at the first page. New payouts only push older
 * ones deeper, so a pass that moves forward never skips one it has not seen.
 *
 * The first page also holds the newest payouts, the ones most likely to move: while it is wanted and the pass is
 * deeper, reads alternate between it and the pass, so the pass always has half of what the rounds read.
 */
export class ListSweep {
  private cursor = 0
  private readonly seen = new Set<string>()
  private lastWasHead = false
  /** Followed payouts the whole last pass did not hold (past the list's reach): read by their id. */
  readonly missing = new Set<string>()

  /** Where the next page is read: the first page when the head is wanted (and it is its turn), else the pass. */
  nextOffset(headWanted: boolean, deepWanted: boolean): number {
    const head = this.cursor !== 0 && headWanted && (!deepWanted || !this.lastWasHead)
    this.lastWasHead = head
    return head ? 0 : this.cursor
  }

  saw(id: string): void {
    this.seen.add(id)
  }

  /** After a page: moves the pass on; ends it at the list's end (or its reach) or once every one followed was seen. */
  read(offset: number, nextOffset: number | null, followed: Iterable<string>): void {
    if (offset === this.cursor) {
      if (nextOffset === null || nextOffset <= offset || nextOffset > LIMITS.offsetMax) return this.end(followed, true)
      this.cursor = nextOffset
    }
    for (const id of followed) if (!this.seen.has(id)) return
    this.end(followed, false)
  }

  /** Forgets a payout no longer followed. */
  forget(id: string): void {
    this.seen.delete(id)
    this.missing.delete(id)
  }

  private end(followed: Iterable<string>, atListEnd: boolean): void {
    this.missing.clear()
    if (atListEnd) for (const id of followed) if (!this.seen.has(id)) this.missing.add(id)
    this.seen.clear()
    this.cursor = 0
    this.lastWasHead = false
  }
}
