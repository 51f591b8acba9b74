import type { WithdrawalStatus } from '../../../shared/api'
import { Dec } from '../decimal'
import type { BalanceRecord, EnvironmentData, LegRecord, WalletRecord } from '../types'

type Big = InstanceType<typeof Dec>

/** Withdrawal states whose amount is still held from `available`. */
const WAITING: readonly WithdrawalStatus[] = ['received', 'pending_approval', 'approved', 'processing']

export function balanceKey(walletId: string, asset: string, network: string): string {
  return `${walletId}\n${asset}\n${network}`
}

/** Per balance: what settled movements changed (`settled`) and what waits to leave (`held`). */
export interface BalanceSums {
  settled: Map<string, Big>
  held: Map<string, Big>
}

function bump(map: Map<string, Big>, key: string, by: Big): void {
  map.set(key, (map.get(key) ?? new Dec(0)).plus(by))
}

/** The movements' effect on each balance: completed legs count, a leg not final only holds what it sends. */
function addLeg(sums: BalanceSums, leg: LegRecord): void {
  if (!leg.wallet_id || !leg.network || leg.direction === 'internal') return
  const key = balanceKey(leg.wallet_id, leg.asset, leg.network)
  const sign = leg.direction === 'in' ? 1 : -1
  const feeKey =
    leg.direction === 'out' && leg.fee !== null && leg.fee_asset !== null
      ? balanceKey(leg.wallet_id, leg.fee_asset, leg.network)
      : null
  if (leg.status === 'completed') {
    bump(sums.settled, key, new Dec(leg.amount).times(sign))
    if (feeKey) bump(sums.settled, feeKey, new Dec(leg.fee!).neg())
  } else if (sign < 0) {
    bump(sums.held, key, new Dec(leg.amount))
    if (feeKey) bump(sums.held, feeKey, new Dec(leg.fee!))
  }
}

/** A withdrawal that waits holds its amount from `available`. */
export function holdWithdrawal(sums: BalanceSums, w: EnvironmentData['withdrawals'][number]): void {
  if (WAITING.includes(w.status)) bump(sums.held, balanceKey(w.wallet_id, w.asset, w.network), new Dec(w.amount))
}

export function computeBalanceSums(data: Pick<EnvironmentData, 'legs' | 'withdrawals'>): BalanceSums {
  const sums: BalanceSums = { settled: new Map(), held: new Map() }
  for (const leg of data.legs) addLeg(sums, leg)
  for (const w of data.withdrawals) holdWithdrawal(sums, w)
  return sums
}

export interface CurrentBalance {
  amount: Big
  available: Big
}

/**
 * What the wallet holds now: its opening balance plus every settled movement (fees in their asset),
 * and `available` less what waits in payouts. The console skew is added to both on purpose only.
 */
export function currentBalance(sums: BalanceSums, wallet: WalletRecord, b: BalanceRecord): CurrentBalance {
  const key = balanceKey(wallet.id, b.asset, b.network)
  const settled = sums.settled.get(key) ?? new Dec(0)
  const skew = new Dec(b.skew ?? '0')
  return {
    amount: new Dec(b.opening_amount).plus(settled).plus(skew),
    available: new Dec(b.opening_available)
      .plus(settled)
      .plus(skew)
      .minus(sums.held.get(key) ?? new Dec(0)),
  }
}
