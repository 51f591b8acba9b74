import { randomUUID } from 'node:crypto'
import {
  CreateWithdrawalSchema,
  decimalPlaces,
  IDEMPOTENCY_KEY_PATTERN,
  LIMITS,
  type Withdrawal,
} from '../../../shared/api'
import { Dec } from '../decimal'
import { fingerprint } from '../data/fingerprint'
import { cancel } from '../data/withdrawal-lifecycle'
import { badRequest, HttpError } from '../http-error'
import type { WithdrawalRecord } from '../types'
import type { ApiContext, ApiResult } from './context'
import { sameAddress } from './counterparties'
import { intParam, isUuid, parseBody, parseQuery, requireNoBody, stringParam } from './request-parsing'
import { findWallet, unreadable } from './wallets'

export function withdrawalView(w: WithdrawalRecord): Withdrawal {
  const { workspace_id: _w, organisation_id: _o, idempotency_key: _k, fingerprint: _f, fee_priority: _p, ...view } = w
  return view
}

const notFound = () => new HttpError(404, 'withdrawal_not_found', 'No such withdrawal.')
const refused = (code: string, message: string) => new HttpError(422, code, message)

function findWithdrawal(ctx: ApiContext, id: string): WithdrawalRecord {
  if (!isUuid(id)) throw badRequest('id must be a UUID.')
  const w = ctx.env.data.withdrawals.find((x) => x.id === id && x.workspace_id === ctx.workspaceId)
  if (!w) throw notFound()
  return w
}

export function listWithdrawals(ctx: ApiContext): ApiResult {
  const q = parseQuery(ctx.query, ['limit', 'offset', 'wallet_id', 'idempotency_key'])
  requireNoBody(ctx.body)
  const limit = intParam(q.limit, 'limit', 1, LIMITS.pageLimitMax, LIMITS.pageLimitDefault)
  const offset = intParam(q.offset, 'offset', 0, LIMITS.offsetMax, 0)
  const walletId = stringParam(q.wallet_id, 'wallet_id', LIMITS.walletId)
  const key = stringParam(q.idempotency_key, 'idempotency_key', LIMITS.idempotencyKey)
  const rows = ctx.env.data.withdrawals
    .filter(
      (w) =>
        w.workspace_id === ctx.workspaceId &&
        (walletId === undefined || w.wallet_id === walletId) &&
        (key === undefined || w.idempotency_key === key),
    )
    .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
  const page = rows.slice(offset, offset + limit)
  const next_offset = offset + page.length < rows.length ? offset + page.length : null
  return {
    status: 200,
    body: { data: page.map(withdrawalView), meta: { count: page.length, limit, offset, next_offset } },
  }
}

export function getWithdrawal(ctx: ApiContext, id: string): ApiResult {
  parseQuery(ctx.query, [])
  requireNoBody(ctx.body)
  const w = findWithdrawal(ctx, id)
  return {
    status: 200,
    body: { data: withdrawalView(w), meta: ctx.env.data.settings.live_refresh_fails ? { stale: true } : {} },
  }
}

/** Cancel from pending_approval; repeating it returns the cancelled withdrawal (200). */
export function cancelWithdrawal(ctx: ApiContext, id: string): ApiResult {
  parseQuery(ctx.query, [])
  requireNoBody(ctx.body)
  if (ctx.idempotencyKey !== null) throw badRequest('Cancel takes no Idempotency-Key.')
  const w = findWithdrawal(ctx, id)
  if (w.status === 'pending_approval') cancel(ctx.env, w, ctx.now)
  else if (w.status !== 'cancelled')
    throw new HttpError(
      409,
      'withdrawal_not_cancellable',
      `The withdrawal is ${w.status} and can no longer be cancelled.`,
    )
  return { status: 200, body: { data: withdrawalView(w), meta: {} } }
}

/**
 * Requests a payout. Every refusal happens before anything is recorded, so a retry with the same key is evaluated
 * afresh.
 */
export function createWithdrawal(ctx: ApiContext): ApiResult {
  parseQuery(ctx.query, [])
  if (ctx.idempotencyKey === null)
    throw new HttpError(400, 'idempotency_key_required', 'The Idempotency-Key header is required.')
  if (!IDEMPOTENCY_KEY_PATTERN.test(ctx.idempotencyKey))
    throw badRequest('Idempotency-Key must be 1 to 128 printable ASCII characters without spaces.')
  const body = parseBody(ctx.body, CreateWithdrawalSchema)
  const print = fingerprint(body)
  const earlier = ctx.env.byIdempotencyKey(ctx.organisationId, ctx.idempotencyKey)
  if (earlier) {
    if (earlier.workspace_id !== ctx.workspaceId || earlier.fingerprint !== print) {
      throw new HttpError(
        409,
        'idempotency_conflict',
        'This Idempotency-Key was already used with a different request.',
      )
    }
    return { status: 200, body: { data: withdrawalView(earlier), meta: { idempotent_replay: true } } }
  }
  const wallet = findWallet(ctx, body.wallet_id)
  if (!wallet) throw new HttpError(404, 'wallet_not_found', 'No such wallet.')
  if (wallet.unreadable) throw unreadable()
  const holdings = wallet.balances.filter((b) => b.asset === body.asset)
  if (holdings.length === 0) throw refused('asset_not_held', `The wallet holds no ${body.asset}.`)
  if (body.network === undefined && holdings.length > 1)
    throw badRequest(`network: required, ${body.asset} is held on several networks.`)
  const balance = body.network === undefined ? holdings[0]! : holdings.find((b) => b.network === body.network)
  if (!balance) throw refused('asset_not_held', `The wallet holds no ${body.asset} on ${body.network}.`)
  if (new Dec(body.amount).lte(0)) throw badRequest('amount: must be more than zero.')
  if (decimalPlaces(body.amount) > balance.decimals)
    throw badRequest(`amount: ${body.asset} has at most ${balance.decimals} decimals.`)
  if (!ctx.env.data.settings.approver_available)
    throw refused('no_approver_available', 'The workspace has no second approver configured.')
  const destination = ctx.env.data.counterparties.find(
    (c) =>
      c.workspace_id === ctx.workspaceId &&
      c.network === balance.network &&
      sameAddress(c.network, c.address, body.destination),
  )
  if (!destination?.can_send)
    throw refused('destination_not_whitelisted', 'The destination is not a verified destination on this network.')
  if (ctx.env.balance(wallet, balance).available.lt(body.amount))
    throw refused('withdrawal_failed', 'The amount exceeds the available balance.')
  const at = new Date(ctx.now).toISOString()
  const record: WithdrawalRecord = {
    id: randomUUID(),
    status: 'pending_approval',
    wallet_id: wallet.id,
    asset: balance.asset,
    amount: body.amount,
    destination: body.destination,
    network: balance.network,
    tx_hash: null,
    created_at: at,
    updated_at: at,
    workspace_id: ctx.workspaceId,
    organisation_id: ctx.organisationId,
    idempotency_key: ctx.idempotencyKey,
    fingerprint: print,
    fee_priority: body.fee_priority ?? 'medium',
  }
  ctx.env.addWithdrawal(record)
  return { status: 202, body: { data: withdrawalView(record), meta: {} } }
}
