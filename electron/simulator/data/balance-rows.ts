import { ASSET_DECIMALS } from '../../../shared/api'
import { Dec } from '../decimal'
import type { Environment } from '../environment'
import { HttpError } from '../http-error'
import type { BalanceRecord, WalletRecord } from '../types'
import { USD_PRICE } from './demo-seed'

/**
 * The wallet's balance row for a pair; a first deposit of an asset opens one at zero, as a provider shows a new
 * holding.
 */
export function ensureBalanceRow(wallet: WalletRecord, asset: string, network: string): BalanceRecord {
  const found = wallet.balances.find((b) => b.asset === asset && b.network === network)
  if (found) return found
  const row: BalanceRecord = {
    asset,
    network,
    opening_amount: '0',
    opening_available: '0',
    decimals: ASSET_DECIMALS[asset] ?? 6,
    usd_price: USD_PRICE[asset] ?? 0,
  }
  wallet.balances.push(row)
  return row
}

export interface Outflow {
  asset: string
  amount: string
}

/** Refuses a movement that takes more than the balances have available: the provider never goes below zero. */
export function requireFunds(env: Environment, wallet: WalletRecord, network: string, outflows: Outflow[]): void {
  const need = new Map<string, InstanceType<typeof Dec>>()
  for (const o of outflows) need.set(o.asset, (need.get(o.asset) ?? new Dec(0)).plus(o.amount))
  for (const [asset, amount] of need) {
    const row = wallet.balances.find((b) => b.asset === asset && b.network === network)
    if (!row || env.balance(wallet, row).available.lt(amount)) {
      throw new HttpError(
        409,
        'insufficient_balance',
        `${wallet.name} has less than ${amount.toString()} ${asset} available on ${network}.`,
      )
    }
  }
}
