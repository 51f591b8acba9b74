import { randomUUID } from 'node:crypto'
import { badRequest } from '../http-error'
import type { LegRecord } from '../types'

/** The range a transaction listing was asked for; a cursor carries it so it cannot drift while paging. */
export interface LegRange {
  after: number | null
  before: number | null
  walletId: string | null
}

export interface Cursor {
  range: LegRange
  /** Sort position of the last row returned: recorded time, id, direction. */
  at: number
  id: string
  direction: LegRecord['direction']
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Cursors as the contract declares them (format uuid): the UUID names paging state kept here, so a
 * client can neither read nor forge it. Entries stay until `max` newer ones push them out (a client may
 * repeat a page after a timeout); a reset or restart forgets them, and the next use is a 400.
 */
export class CursorBook {
  private readonly book = new Map<string, Cursor>()

  constructor(private readonly max = 10_000) {}

  issue(cursor: Cursor): string {
    const id = randomUUID()
    this.book.set(id, cursor)
    if (this.book.size > this.max) this.book.delete(this.book.keys().next().value!)
    return id
  }

  resolve(text: string): Cursor {
    if (!UUID.test(text)) throw badRequest('Malformed cursor: pass meta.next_cursor (a UUID) unchanged.')
    const cursor = this.book.get(text.toLowerCase())
    if (!cursor) throw badRequest('Unknown or expired cursor: start again without one.')
    return cursor
  }

  clear(): void {
    this.book.clear()
  }
}

export function sameRange(a: LegRange, b: LegRange): boolean {
  return a.after === b.after && a.before === b.before && a.walletId === b.walletId
}
