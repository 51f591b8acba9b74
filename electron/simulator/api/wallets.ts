import { findNetwork, LIMITS, type Wallet } from '../../../shared/api'
import { usd } from '../decimal'
import { HttpError } from '../http-error'
import type { Environment } from '../environment'
import type { WalletRecord } from '../types'
import type { ApiContext, ApiResult } from './context'
import { parseQuery, requireNoBody } from './request-parsing'

export function walletView(env: Environment, w: WalletRecord): Wallet {
  const balances = w.balances.map((b) => {
    const now = env.balance(w, b)
    const amount = now.amount.toString()
    return {
      asset: b.asset,
      network: b.network,
      amount,
      available: now.available.toString(),
      usd_value: usd(amount, b.usd_price),
    }
  })
  return {
    id: w.id,
    name: w.name,
    status: 'active',
    address: w.deposit_addresses[0]?.address ?? '',
    deposit_addresses: w.deposit_addresses.map((d) => ({
      network: d.network,
      network_name: findNetwork(d.network)?.name ?? d.network,
      address: d.address,
    })),
    networks: w.deposit_addresses.map((d) => ({ id: d.network, name: findNetwork(d.network)?.name ?? d.network })),
    balances,
    total_usd: Math.round(balances.reduce((sum, b) => sum + b.usd_value, 0) * 100) / 100,
  }
}

/** An unreadable balance fails the whole read; zero is never substituted. */
export function unreadable(): HttpError {
  return new HttpError(503, 'service_unavailable', 'A wallet balance could not be read.', { 'Retry-After': '1' })
}

export function findWallet(ctx: ApiContext, id: string): WalletRecord | undefined {
  return ctx.env.data.wallets.find((w) => w.id === id && w.workspace_id === ctx.workspaceId)
}

export function listWallets(ctx: ApiContext): ApiResult {
  parseQuery(ctx.query, [])
  requireNoBody(ctx.body)
  const wallets = ctx.env.data.wallets.filter((w) => w.workspace_id === ctx.workspaceId)
  if (wallets.some((w) => w.unreadable)) throw unreadable()
  return { status: 200, body: { data: wallets.map((w) => walletView(ctx.env, w)), meta: { count: wallets.length } } }
}

export function getWallet(ctx: ApiContext, id: string): ApiResult {
  parseQuery(ctx.query, [])
  requireNoBody(ctx.body)
  if (id.length > LIMITS.id) throw new HttpError(400, 'validation_failed', `id is at most ${LIMITS.id} characters.`)
  const wallet = findWallet(ctx, id)
  if (!wallet) throw new HttpError(404, 'wallet_not_found', 'No such wallet.')
  if (wallet.unreadable) throw unreadable()
  return { status: 200, body: { data: walletView(ctx.env, wallet), meta: {} } }
}
