import { makeAddress } from '../chain-formats'
import { Dec } from '../decimal'
import type { RandomSource } from '../random-source'
import type { LegRecord } from '../types'
import { balanceKey } from './balances'

type Big = InstanceType<typeof Dec>

/** Groups legs into movements (an own-wallet move is two legs with one id), oldest first. */
function movements(legs: LegRecord[]): LegRecord[][] {
  const byId = new Map<string, LegRecord[]>()
  for (const leg of legs) byId.set(leg.id, [...(byId.get(leg.id) ?? []), leg])
  return [...byId.values()].sort((a, b) => a[0]!.at - b[0]!.at)
}

/**
 * Generated history a truthful provider could have recorded: replayed oldest first from `start`,
 * a movement that would send more than its balance holds becomes a deposit from an outside party,
 * and a fee its native balance cannot pay is left out. Movement count and times are kept.
 */
export function keepSolvent(legs: LegRecord[], start: (key: string) => Big, source: RandomSource): LegRecord[] {
  const running = new Map<string, Big>()
  const get = (key: string) => running.get(key) ?? start(key)
  const out: LegRecord[] = []
  for (const movement of movements(legs)) {
    const sent = movement.find((l) => l.direction === 'out')
    if (!sent) {
      for (const leg of movement)
        running.set(
          balanceKey(leg.wallet_id!, leg.asset, leg.network!),
          get(balanceKey(leg.wallet_id!, leg.asset, leg.network!)).plus(leg.amount),
        )
      out.push(...movement)
      continue
    }
    const key = balanceKey(sent.wallet_id!, sent.asset, sent.network!)
    if (get(key).lt(sent.amount)) {
      const deposit: LegRecord = {
        ...sent,
        direction: 'in',
        from: { name: null, address: makeAddress(sent.network!, source) },
        to: sent.from,
        fee: null,
        fee_asset: null,
      }
      running.set(key, get(key).plus(sent.amount))
      out.push(deposit)
      continue
    }
    running.set(key, get(key).minus(sent.amount))
    if (sent.fee !== null && sent.fee_asset !== null) {
      const feeKey = balanceKey(sent.wallet_id!, sent.fee_asset, sent.network!)
      if (get(feeKey).gte(sent.fee)) running.set(feeKey, get(feeKey).minus(sent.fee))
      else Object.assign(sent, { fee: null, fee_asset: null })
    }
    for (const leg of movement.filter((l) => l.direction === 'in')) {
      const target = balanceKey(leg.wallet_id!, leg.asset, leg.network!)
      running.set(target, get(target).plus(leg.amount))
    }
    out.push(...movement)
  }
  return out
}
