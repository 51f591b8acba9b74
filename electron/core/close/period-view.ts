import type { LedgerRow } from '../../../shared/api/ledger-query'
import type { RollForwardRow } from '../../../shared/api/ledger-report'
import type { DeskStore } from '../store'
import { closeRepo, packLegKey } from '../store/close/close-repo'
import { ledgerCoverage, reconcile, type AccountingSource } from '../history/use-cases'
import { periodFilter, type ClosePeriod } from './period'

/** A movement dated in a locked period that its pack did not hold as it is now. */
export type Adjustment = LedgerRow & { lockedPeriod: string }

/** What a close reads of the ledger for one period, over one view of it. */
export interface PeriodView {
  p: ClosePeriod
  /** The ledger vouches for every movement from the first to the cutoff. */
  synced: boolean
  syncedTo: string | null
  legs: LedgerRow[]
  /** The roll-forward to the cutoff (null when not synced to it), and the movements after it to the last sync. */
  rollForward: RollForwardRow[] | null
  after: RollForwardRow[]
  adjustments: Adjustment[]
}

/**
 * Movements of locked periods before this one whose leg (id, direction, status) the period's pack did not hold and no
 * pack listed as an adjustment yet: a movement reported late, or a status that became final after the lock.
 */
function adjustmentsFor(store: DeskStore, source: AccountingSource, p: ClosePeriod): Adjustment[] {
  const close = store.repo(closeRepo)
  const recorded = close.recordedAdjustments()
  const out: Adjustment[] = []
  for (const locked of close.locked()) {
    if (locked.period >= p.period) continue
    const held = close.packLegs(locked.id)
    const range = periodFilter({ ...p, from: locked.fromAt, cutoff: locked.cutoff })
    for (const leg of source.ledger.rows(range)) {
      const key = packLegKey(leg)
      if (leg.final && !held.has(key) && !recorded.has(key)) out.push({ ...leg, lockedPeriod: locked.period })
    }
  }
  return out
}

export function readPeriod(store: DeskStore, source: AccountingSource, p: ClosePeriod): PeriodView {
  const coverage = ledgerCoverage(source.ledger.state())
  const range = periodFilter(p)
  const toMs = Date.parse(range.to)
  const synced = coverage !== null && coverage.from === null && coverage.to >= toMs
  const legs = coverage === null ? [] : [...source.ledger.rows(range)]
  const rollForward = synced ? reconcile(source.ledger, range).rollForward.rows : null
  const syncedTo = coverage === null ? null : new Date(coverage.to).toISOString()
  const after =
    synced && coverage.to > toMs ? reconcile(source.ledger, { from: range.to, to: syncedTo! }).rollForward.rows : []
  const adjustments = store.read('read the locked periods', () => adjustmentsFor(store, source, p))
  return { p, synced, syncedTo, legs, rollForward, after, adjustments }
}
