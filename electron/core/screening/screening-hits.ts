import type { Counterparty } from '../../../shared/api/resources'
import { screeningRepo, type DeskStore, type ScreeningHit } from '../store'
import { screeningKey } from './address-key'

/** A destination of the book that a screening list names. */
export interface ListedDestination {
  id: string
  label: string
  network: string
  address: string
  list: string
  entry: string
}

/** A payout still waiting (for approval at the provider, or in the outbox) to an address a screening list names. */
export interface ListedPayout {
  /** The outbox's key, when this desk recorded it. */
  key: string | null
  withdrawalId: string | null
  /** `pending_approval` at the provider; `queued` or `held` in the outbox (not sent yet). */
  waiting: 'pending_approval' | 'queued' | 'held'
  asset: string
  amount: string
  network: string
  destination: string
  list: string
  entry: string
}

export interface ScreeningFindings {
  destinations: ListedDestination[]
  payouts: ListedPayout[]
}

/**
 * What the screening lists name among what is already there: the book's entries, and every payout waiting for
 * approval or to be sent. Read on each import and whenever asked, so a list imported after a destination was saved
 * or a payout requested still reaches them.
 */
export function screeningFindings(store: DeskStore, book: readonly Counterparty[]): ScreeningFindings {
  return store.read('read what the screening lists name', () => {
    const repo = store.repo(screeningRepo)
    const memo = new Map<string, ScreeningHit | null>()
    const hit = (address: string) => {
      const key = screeningKey(address)
      if (!memo.has(key)) memo.set(key, repo.hits(key)[0] ?? null)
      return memo.get(key)!
    }
    const destinations = book.flatMap((c) => {
      const h = hit(c.address)
      return h
        ? [{ id: c.id, label: c.label, network: c.network, address: c.address, list: h.list, entry: h.entry }]
        : []
    })
    const outbox = store.outbox.list().entries
    const keyOf = new Map(outbox.flatMap((e) => (e.withdrawalId ? [[e.withdrawalId, e.idempotencyKey] as const] : [])))
    const payouts: ListedPayout[] = []
    for (const w of repo.waitingForApproval()) {
      const h = hit(w.destination)
      if (h)
        payouts.push({
          key: keyOf.get(w.id) ?? null,
          withdrawalId: w.id,
          waiting: 'pending_approval',
          asset: w.asset,
          amount: w.amount,
          network: w.network,
          destination: w.destination,
          list: h.list,
          entry: h.entry,
        })
    }
    for (const e of outbox) {
      if (e.state !== 'queued' && e.state !== 'held') continue
      const h = hit(e.body.destination)
      if (h)
        payouts.push({
          key: e.idempotencyKey,
          withdrawalId: null,
          waiting: e.state,
          asset: e.body.asset,
          amount: e.body.amount,
          network: e.body.network ?? '',
          destination: e.body.destination,
          list: h.list,
          entry: h.entry,
        })
    }
    return { destinations, payouts }
  })
}
