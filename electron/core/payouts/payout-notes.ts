import type { PayoutHit, PayoutSearchQuery } from '../../../shared/payouts/payout-search'
import { checkNote, checkPayoutSearch } from '../api/input-checks'
import { decisionEntry } from '../audit/use-cases'
import { invoiceNumbers, payoutInvoices } from '../store/pay-runs/payout-invoices'
import type { DeskStore } from '../store'
import { PayoutIndex } from '../store/outbox/payout-index'

const index = (store: DeskStore) => store.repo((db) => new PayoutIndex(db))

/** Every payout the store knows (outbox and the provider's cached answers) matching the text and days, newest first. */
export function searchPayouts(store: DeskStore, query: PayoutSearchQuery): PayoutHit[] {
  const checked = checkPayoutSearch(query)
  return store.read('search the payouts', () => index(store).search(checked))
}

/** One payout by its payout id or Idempotency-Key. */
export function findPayout(store: DeskStore, ref: string): PayoutHit {
  return store.read('read the payout', () => index(store).find(ref).hit)
}

/**
 * Sets a payout's private note (an empty note removes it): checked as plain text within its limit here, whatever
 * the surface, and recorded in the audit log by who and when (not what: the note stays private).
 */
export function setPayoutNote(store: DeskStore, ref: string, note: string, actor: string, now = new Date()): PayoutHit {
  const checked = checkNote(note.trim(), 'note')
  return store.transaction('save the note', () => {
    const hit = index(store).setNote(ref, checked, actor, now.toISOString())
    store.audit.append(
      decisionEntry(now, 'payout.note', actor, hit.idempotencyKey, {
        payout_id: hit.payoutId,
        removed: checked === '',
      }),
    )
    return hit
  })
}

/** The desk's own text about a payout, kept in the store and never at the provider. */
export interface PayoutOwnText {
  reference: string | null
  note: string | null
  /** The invoice numbers it pays (`INV-1; INV-2`). */
  invoice: string | null
}

/** A payout's reference, note and invoices for an export row; a payout the store has never seen has none. */
export function payoutOwnText(store: DeskStore, payoutId: string): PayoutOwnText {
  const hit = store.read('read the payout', () => index(store).byPayoutId(payoutId))
  const invoices = hit ? payoutInvoices(store, hit.idempotencyKey, hit) : []
  return { reference: hit?.reference ?? null, note: hit?.note ?? null, invoice: invoiceNumbers(invoices) }
}
