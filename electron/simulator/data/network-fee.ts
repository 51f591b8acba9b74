import { feeAsset } from '../chain-formats'
import type { Environment } from '../environment'
import type { WalletRecord } from '../types'

/** Network fee of a settled payout, in the network's native asset. */
export const NETWORK_FEE: Record<string, string> = {
  ETH: '0.00042',
  POL: '0.012',
  BTC: '0.00002',
  TRX: '3.5',
  SOL: '0.000005',
}

/**
 * The fee a payout on `network` pays, or null when the wallet holds too little of the native asset:
 * a fee is recorded only when a balance pays it, so every balance stays its movements' sum.
 */
export function payableFee(env: Environment, wallet: WalletRecord, network: string): string | null {
  const asset = feeAsset(network)
  const fee = NETWORK_FEE[asset]
  const native = wallet.balances.find((b) => b.asset === asset && b.network === network)
  if (fee === undefined || !native) return null
  return env.balance(wallet, native).available.gte(fee) ? fee : null
}
