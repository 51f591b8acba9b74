import { findNetwork } from '../../../shared/api'
import { feeAsset } from '../chain-formats'
import type { LegRecord, WalletRecord } from '../types'

/** Builds transaction legs the way the provider records them: fees folded into the payout row. */
export interface MovementSpec {
  id: string
  wallet: WalletRecord
  asset: string
  network: string
  amount: string
  at: number
  txHash: string | null
  status?: string
}

export function walletAddress(wallet: WalletRecord, network: string): string | undefined {
  return wallet.deposit_addresses.find((d) => d.network === network)?.address
}

function baseLeg(
  spec: MovementSpec,
  direction: LegRecord['direction'],
): Omit<LegRecord, 'from' | 'to' | 'fee' | 'fee_asset'> {
  return {
    id: spec.id,
    created_at: new Date(spec.at).toISOString(),
    direction,
    amount: spec.amount,
    asset: spec.asset,
    status: spec.status ?? 'completed',
    tx_hash: spec.txHash,
    network: spec.network,
    network_name: findNetwork(spec.network)?.name ?? spec.network,
    wallet_id: spec.wallet.id,
    workspace_id: spec.wallet.workspace_id,
    at: spec.at,
  }
}

function own(wallet: WalletRecord, network: string) {
  return { name: wallet.name, address: walletAddress(wallet, network) ?? '' }
}

export function depositLeg(spec: MovementSpec, fromAddress: string): LegRecord {
  return {
    ...baseLeg(spec, 'in'),
    from: { name: null, address: fromAddress },
    to: own(spec.wallet, spec.network),
    fee: null,
    fee_asset: null,
  }
}

export function payoutLeg(spec: MovementSpec, toAddress: string, fee: string | null): LegRecord {
  return {
    ...baseLeg(spec, 'out'),
    from: own(spec.wallet, spec.network),
    to: { name: null, address: toAddress },
    fee,
    fee_asset: fee === null ? null : feeAsset(spec.network),
  }
}

/** A move between two own wallets: one id, an out leg and an in leg. */
export function moveLegs(spec: MovementSpec, target: WalletRecord, fee: string | null): [LegRecord, LegRecord] {
  const from = own(spec.wallet, spec.network)
  const to = own(target, spec.network)
  const out: LegRecord = {
    ...baseLeg(spec, 'out'),
    from,
    to,
    fee,
    fee_asset: fee === null ? null : feeAsset(spec.network),
  }
  const inbound: LegRecord = { ...baseLeg({ ...spec, wallet: target }, 'in'), from, to, fee: null, fee_asset: null }
  return [out, inbound]
}
