import type { WithdrawalStatus } from '../../../shared/api'
import { feeAsset, makeTxHash } from '../chain-formats'
import { add, gt, sub } from '../decimal'
import type { Environment } from '../environment'
import { osRandom, uuidFrom } from '../random-source'
import type { WithdrawalRecord } from '../types'
import { payoutLeg } from './legs'

/** Console moves of the withdrawal state machine; entry into rejected/failed/expired is the simulator's choice. */
export const CONSOLE_ACTIONS = {
  approve: { from: ['pending_approval'], to: 'approved' },
  process: { from: ['approved'], to: 'processing' },
  complete: { from: ['processing'], to: 'completed' },
  reject: { from: ['received', 'pending_approval', 'approved'], to: 'rejected' },
  fail: { from: ['received', 'pending_approval', 'approved', 'processing'], to: 'failed' },
  expire: { from: ['received', 'pending_approval', 'approved'], to: 'expired' },
} as const satisfies Record<string, { from: readonly WithdrawalStatus[]; to: WithdrawalStatus }>
export type ConsoleAction = keyof typeof CONSOLE_ACTIONS

const FEES: Record<string, string> = { ETH: '0.00042', POL: '0.012', BTC: '0.00002', TRX: '3.5', SOL: '0.000005' }

/** Applies a console action; false when the state machine forbids it. */
export function applyAction(env: Environment, w: WithdrawalRecord, action: ConsoleAction, now: number): boolean {
  const move = CONSOLE_ACTIONS[action]
  if (!(move.from as readonly WithdrawalStatus[]).includes(w.status)) return false
  if (move.to === 'completed') settle(env, w, now)
  else if (move.to !== 'approved' && move.to !== 'processing') releaseHold(env, w)
  setStatus(env, w, move.to, now)
  return true
}

/** Cancel from pending_approval only: the caller checks the state. */
export function cancel(env: Environment, w: WithdrawalRecord, now: number): void {
  releaseHold(env, w)
  setStatus(env, w, 'cancelled', now)
}

function setStatus(env: Environment, w: WithdrawalRecord, status: WithdrawalStatus, now: number): void {
  w.status = status
  w.updated_at = new Date(now).toISOString()
  env.changed()
}

function balanceOf(env: Environment, w: WithdrawalRecord, asset: string) {
  return env.data.wallets.find((x) => x.id === w.wallet_id)?.balances.find((b) => b.asset === asset && b.network === w.network)
}

/** The amount was held from `available` when the request was accepted; unsuccessful endings give it back. */
function releaseHold(env: Environment, w: WithdrawalRecord): void {
  const balance = balanceOf(env, w, w.asset)
  if (balance) balance.available = add(balance.available, w.amount)
}

function settle(env: Environment, w: WithdrawalRecord, now: number): void {
  const wallet = env.data.wallets.find((x) => x.id === w.wallet_id)
  const balance = balanceOf(env, w, w.asset)
  if (balance) balance.amount = sub(balance.amount, w.amount)
  const fee = FEES[feeAsset(w.network)] ?? null
  const native = fee === null ? undefined : balanceOf(env, w, feeAsset(w.network))
  if (native && fee && !gt(fee, native.available)) {
    native.amount = sub(native.amount, fee)
    native.available = sub(native.available, fee)
  }
  w.tx_hash = makeTxHash(w.network, osRandom)
  if (wallet) {
    env.data.legs.push(payoutLeg({ id: uuidFrom(osRandom), wallet, asset: w.asset, network: w.network, amount: w.amount, at: now, txHash: w.tx_hash }, w.destination, fee))
  }
}
