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

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([1, c.range.after, c.range.before, c.range.walletId, c.at, c.id, c.direction])).toString('base64url')
}

export function decodeCursor(text: string): Cursor {
  const fail = () => badRequest('Malformed cursor.')
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw fail()
  let parts: unknown
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw fail()
  }
  if (!Array.isArray(parts) || parts.length !== 7 || parts[0] !== 1) throw fail()
  const [, after, before, walletId, at, id, direction] = parts as unknown[]
  const optionalNumber = (v: unknown) => v === null || Number.isSafeInteger(v)
  if (!optionalNumber(after) || !optionalNumber(before) || !Number.isSafeInteger(at)) throw fail()
  if (!(walletId === null || typeof walletId === 'string') || typeof id !== 'string') throw fail()
  if (direction !== 'in' && direction !== 'out' && direction !== 'internal') throw fail()
  return { range: { after: after as number | null, before: before as number | null, walletId: walletId as string | null }, at: at as number, id, direction }
}

export function sameRange(a: LegRange, b: LegRange): boolean {
  return a.after === b.after && a.before === b.before && a.walletId === b.walletId
}
