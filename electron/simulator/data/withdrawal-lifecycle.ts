import type { WithdrawalStatus } from '../../../shared/api'
import { makeTxHash } from '../chain-formats'
import type { Environment } from '../environment'
import { osRandom, uuidFrom } from '../random-source'
import type { WithdrawalRecord } from '../types'
import { payableFee } from './network-fee'
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

/** Applies a console action; false when the state machine forbids it. */
export function applyAction(env: Environment, w: WithdrawalRecord, action: ConsoleAction, now: number): boolean {
  const move = CONSOLE_ACTIONS[action]
  if (!(move.from as readonly WithdrawalStatus[]).includes(w.status)) return false
  if (move.to === 'completed') settle(env, w, now)
  setStatus(env, w, move.to, now)
  return true
}

/** Cancel from pending_approval only: the caller checks the state. */
export function cancel(env: Environment, w: WithdrawalRecord, now: number): void {
  setStatus(env, w, 'cancelled', now)
}

function setStatus(env: Environment, w: WithdrawalRecord, status: WithdrawalStatus, now: number): void {
  w.status = status
  w.updated_at = new Date(now).toISOString()
  env.changed()
}

/** The settled payout's leg; what it takes from the balances follows from that leg (data/balances.ts). */
function settle(env: Environment, w: WithdrawalRecord, now: number): void {
  const wallet = env.data.wallets.find((x) => x.id === w.wallet_id)
  w.tx_hash = makeTxHash(w.network, osRandom)
  if (!wallet) return
  const fee = payableFee(env, wallet, w.network)
  env.data.legs.push(
    payoutLeg(
      {
        id: uuidFrom(osRandom),
        wallet,
        asset: w.asset,
        network: w.network,
        amount: w.amount,
        at: now,
        txHash: w.tx_hash,
      },
      w.destination,
      fee,
    ),
  )
}
