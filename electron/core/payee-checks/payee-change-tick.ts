import { sameAddress } from '../../../shared/api/address'
import { findNetwork } from '../../../shared/api/networks'
import type { Counterparty } from '../../../shared/api/resources'
import type { DeskStore } from '../store'
import { normalisePayee, payeeName } from './payee-change'
import { payeeChangeNow } from './payee-change-now'

/** One spelling per address on a network, matching as `sameAddress` does (EVM and bech32 without case). */
const addressKey = (network: string, address: string): string => {
  const format = findNetwork(network)?.format
  return `${network}|${format === 'evm' || format === 'bitcoin' ? address.toLowerCase() : address}`
}

/**
 * The book's payee changes, found once per sending tick (a batch or a pay run's period being sent): each row then
 * costs one map lookup, and only a row to a payee change reads where its change stands (confirmation, wait, paid).
 */
export class PayeeChangeTick {
  private readonly changes = new Map<string, Counterparty>()

  constructor(private readonly book: readonly Counterparty[]) {
    const byPayee = new Map<string, Counterparty[]>()
    for (const c of book) {
      const payee = payeeName(c)
      if (!payee) continue
      const key = normalisePayee(payee)
      byPayee.set(key, [...(byPayee.get(key) ?? []), c])
    }
    for (const group of byPayee.values()) {
      for (const d of group) {
        const earlier = group.some(
          (c) => c.id !== d.id && !sameAddress(d.network, c.address, d.address) && c.created_at <= d.created_at,
        )
        if (earlier) this.changes.set(addressKey(d.network, d.address), d)
      }
    }
  }

  /** Why paying `address` on `network` waits for its payee change to be settled, or null. */
  blocked(store: DeskStore, network: string, address: string, now: Date): string | null {
    const destination = this.changes.get(addressKey(network, address))
    return destination ? (payeeChangeNow(store, this.book, destination, now)?.blocked ?? null) : null
  }
}
