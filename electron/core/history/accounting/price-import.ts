import { createHash } from 'node:crypto'
import type { PriceTableSummary } from '../../../../shared/api/accounting-export'
import { decisionEntry } from '../../audit/use-cases'
import { DeskError } from '../../errors'
import type { DeskStore } from '../../store/desk-store'
import { priceTableRepo, type RatePlan } from '../../store/accounting/price-table-repo'
import { closeRepo } from '../../store/close/close-repo'
import { policyChangeRepo } from '../../store/policy/policy-change-repo'
import { parsePriceTable } from './price-table'
import { planRates } from './rate-changes'

/** Who imports: the surface and the person, as the audit log names them. */
export interface PriceEditor {
  actor: 'app' | 'cli'
  person: string
}

export interface PriceImport extends PriceTableSummary {
  /** The prices set at once and removed, by count (those that wait are the summary's `waiting`). */
  changed: number
  removed: number
  fileSha256: string
}

const tuple = (r: { date: string; asset: string; fiat: string }) => [r.date, r.asset, r.fiat]

/**
 * Checks the whole file, then writes it in one transaction, audited with the file's SHA-256 and every rate it
 * changed: a price that lowers an asset's USD value (so allows more under a USD limit) waits for the profile's
 * loosening delay, as a policy loosening does; every other change applies at once. The app's import and
 * `history prices import` alike.
 */
export function importPriceTable(
  store: DeskStore,
  text: string,
  source: string,
  editor: PriceEditor,
  now = new Date(),
): PriceImport {
  const rows = parsePriceTable(text)
  const fileSha256 = createHash('sha256').update(text).digest('hex')
  const at = now.toISOString()
  return store.transaction('import the price table', () => {
    const prices = store.repo(priceTableRepo)
    const before = prices.all(at)
    const plan: RatePlan = planRates(before, rows)
    // A locked month-end close was valued with the prices it had: none dated inside it changes.
    const days = [...plan.set, ...plan.removed, ...plan.waiting].map((r) => r.date)
    store.repo(closeRepo).requireDaysOpen(days, 'The price table was not imported')
    const minutes = store.repo(policyChangeRepo).delayMinutes(at)
    const effectiveAt = plan.waiting.length > 0 ? new Date(now.getTime() + minutes * 60_000).toISOString() : null
    prices.apply(plan, effectiveAt, source, at)
    const was = (r: { date: string; asset: string; fiat: string }) => before.get(`${r.asset}|${r.fiat}|${r.date}`)
    store.audit.append(
      decisionEntry(now, 'prices.imported', editor.actor, null, {
        by: editor.person,
        source,
        file_sha256: fileSha256,
        rows: rows.length,
        set: plan.set.map((r) => [...tuple(r), was(r)?.price ?? null, r.price]),
        removed: plan.removed.map((r) => [...tuple(r), was(r)?.price ?? null]),
        waiting: plan.waiting.map((r) => [...tuple(r), was(r)?.price ?? null, r.price]),
        effectiveAt,
      }),
    )
    return {
      ...prices.summary(at),
      changed: plan.set.length,
      removed: plan.removed.length,
      fileSha256,
    }
  })
}

/** The prices that wait for their time, and when. */
export function waitingPrices(store: DeskStore, now = new Date()) {
  return store.read('read the price table', () =>
    store
      .repo(priceTableRepo)
      .waiting()
      .filter((r) => r.effectiveAt > now.toISOString()),
  )
}

/** Cancels the prices that still wait (those in force stay). Audited. */
export function cancelWaitingPrices(store: DeskStore, editor: PriceEditor, now = new Date()): number {
  return store.transaction('cancel the waiting prices', () => {
    const prices = store.repo(priceTableRepo)
    const waiting = prices.waiting().filter((r) => r.effectiveAt > now.toISOString())
    if (waiting.length === 0) throw new DeskError('invalid_input', 'No imported price waits for its time now.')
    prices.cancelWaiting(now.toISOString())
    store.audit.append(
      decisionEntry(now, 'prices.pending_cancelled', editor.actor, null, {
        by: editor.person,
        waiting: waiting.map((r) => [...tuple(r), r.price]),
      }),
    )
    return waiting.length
  })
}

export function priceTableSummary(store: DeskStore): PriceTableSummary {
  return store.read('read the price table', () => store.repo(priceTableRepo).summary())
}
