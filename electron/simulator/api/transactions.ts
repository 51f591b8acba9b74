import { LIMITS, type TransactionLeg } from '../../../shared/api'
import { compareLegs } from '../environment'
import { badRequest, HttpError } from '../http-error'
import type { LegRecord } from '../types'
import type { ApiContext, ApiResult } from './context'
import { sameRange, type LegRange } from './cursor'
import { dateParam, intParam, isUuid, parseQuery, requireNoBody, stringParam } from './request-parsing'
import { findWallet, unreadable } from './wallets'

export function legView(leg: LegRecord): TransactionLeg {
  const { workspace_id: _w, at: _a, ...view } = leg
  return view
}

/**
 * Newest first by recording time. The range is (created_after, created_before]: after is exclusive and before
 * inclusive, so back-to-back ranges (before=T, then after=T) cover every movement exactly once.
 * `limit` counts movements; both legs of an own-wallet move always share a page.
 */
export function listTransactions(ctx: ApiContext): ApiResult {
  const q = parseQuery(ctx.query, ['limit', 'wallet_id', 'cursor', 'created_after', 'created_before'])
  requireNoBody(ctx.body)
  const limit = intParam(q.limit, 'limit', 1, LIMITS.pageLimitMax, LIMITS.pageLimitDefault)
  const asked: LegRange = {
    after: dateParam(q.created_after, 'created_after') ?? null,
    before: dateParam(q.created_before, 'created_before') ?? null,
    walletId: stringParam(q.wallet_id, 'wallet_id', LIMITS.walletId) ?? null,
  }
  const cursor = q.cursor === undefined ? null : ctx.env.cursors.resolve(q.cursor)
  const rangeGiven = q.created_after !== undefined || q.created_before !== undefined || q.wallet_id !== undefined
  if (cursor && rangeGiven && !sameRange(cursor.range, asked))
    throw badRequest('The range must stay unchanged while following a cursor.')
  const range = cursor ? cursor.range : asked
  const wallets = ctx.env.data.wallets.filter((w) => w.workspace_id === ctx.workspaceId)
  if (range.walletId !== null) {
    const wallet = findWallet(ctx, range.walletId)
    if (!wallet) throw new HttpError(404, 'wallet_not_found', 'No such wallet.')
    if (wallet.unreadable) throw unreadable()
  } else if (wallets.some((w) => w.unreadable)) {
    throw unreadable()
  }
  // Legs are sorted newest first; a page starts by binary search and reads only as far as it needs.
  const legs = ctx.env.sortedLegs()
  const position = cursor ? ({ at: cursor.at, id: cursor.id, direction: cursor.direction } as LegRecord) : null
  const start = position
    ? firstIndex(legs, (l) => compareLegs(l, position) > 0)
    : range.before === null
      ? 0
      : firstIndex(legs, (l) => l.at <= range.before!)
  const page: LegRecord[] = []
  let movements = 0
  let more = false
  for (let i = start; i < legs.length; i++) {
    const row = legs[i]!
    if (range.after !== null && row.at <= range.after) break
    if (row.workspace_id !== ctx.workspaceId || (range.walletId !== null && row.wallet_id !== range.walletId)) continue
    if (range.before !== null && row.at > range.before) continue
    const sameMovement = page.length > 0 && page[page.length - 1]!.id === row.id
    if (!sameMovement) {
      if (movements === limit) {
        more = true
        break
      }
      movements++
    }
    page.push(row)
  }
  const last = page[page.length - 1]
  const next_cursor =
    more && last ? ctx.env.cursors.issue({ range, at: last.at, id: last.id, direction: last.direction }) : null
  return { status: 200, body: { data: page.map(legView), meta: { count: page.length, limit, next_cursor } } }
}

export function getTransaction(ctx: ApiContext, id: string): ApiResult {
  parseQuery(ctx.query, [])
  requireNoBody(ctx.body)
  if (!isUuid(id)) throw badRequest('id must be a UUID.')
  const legs = ctx.env.sortedLegs().filter((l) => l.id === id && l.workspace_id === ctx.workspaceId)
  if (legs.length === 0) throw new HttpError(404, 'transaction_not_found', 'No such transaction.')
  return { status: 200, body: { data: legs.map(legView), meta: { count: legs.length } } }
}

/** The first index whose leg satisfies `past`, which is false then true along the sorted array. */
function firstIndex(legs: readonly LegRecord[], past: (leg: LegRecord) => boolean): number {
  let lo = 0
  let hi = legs.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (past(legs[mid]!)) hi = mid
    else lo = mid + 1
  }
  return lo
}
