import { firstPayoutsAmong } from '../payouts/use-cases'
import type { DeskStore } from '../store'
import type { CheckedRow } from './batch-check'

/** A batch row paying a destination never paid before (first row per destination): said by line, like a duplicate. */
export interface FirstPayoutRow {
  line: number
  destinationName: string
  network: string
  address: string
}

/**
 * The batch's destinations no payout has completed to, by the single payout's rule
 * (electron/core/payouts/first-payout.ts).
 */
export function firstPayoutRows(store: DeskStore, rows: readonly CheckedRow[]): FirstPayoutRow[] {
  const firstRows = new Map<string, FirstPayoutRow>()
  for (const r of rows) {
    const network = r.body.network ?? ''
    const key = `${network}\n${r.body.destination}`
    if (!firstRows.has(key))
      firstRows.set(key, { line: r.line, destinationName: r.destinationName, network, address: r.body.destination })
  }
  const candidates = [...firstRows.values()]
  const first = firstPayoutsAmong(store, candidates)
  return candidates.filter((_, i) => first[i])
}
