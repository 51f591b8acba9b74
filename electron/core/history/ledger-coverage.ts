import { DeskError } from '../errors'
import type { LedgerState } from '../store/ledger/ledger-repo'

/** The recorded-time range the ledger vouches for: (from, to], from null meaning the start of the history. */
export interface Coverage {
  from: number | null
  to: number
}

/**
 * Null while no page has been committed. A first sync walks newest first, so it covers down to where it has reached.
 */
export function ledgerCoverage(state: LedgerState): Coverage | null {
  if (state.complete && state.syncedAtMs !== null) return { from: null, to: state.syncedAtMs }
  // Rows sharing the oldest committed time may not all be in yet: that instant is not vouched for.
  if (state.walk && state.walk.oldest !== null) return { from: state.walk.oldest, to: state.walk.startedAt }
  return null
}

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Refuses a period the ledger cannot vouch for, naming what is missing, so a report never shows
 * zeros for movements it simply has not read. `from` is exclusive and `to` inclusive, like the API.
 */
export function requireCovered(state: LedgerState, fromMs: number, toMs: number): Coverage {
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs))
    throw new DeskError('invalid_input', 'The period needs a valid start and end time (ISO 8601).')
  if (fromMs >= toMs)
    throw new DeskError('invalid_input', `The period is empty: ${iso(fromMs)} is not before ${iso(toMs)}.`)
  const coverage = ledgerCoverage(state)
  if (!coverage)
    throw new DeskError(
      'ledger_incomplete',
      'The ledger holds no synced history yet: movements of the whole period are missing. Run a history sync first.',
    )
  const missing: string[] = []
  if (coverage.from !== null && fromMs < coverage.from) {
    missing.push(
      `movements recorded from ${iso(fromMs)} to ${iso(Math.min(coverage.from, toMs))} (the first sync has not ` +
        `reached back that far yet)`,
    )
  }
  if (toMs > coverage.to) {
    missing.push(
      `movements recorded from ${iso(Math.max(coverage.to, fromMs))} to ${iso(toMs)} (the ledger was last ` +
        `synced to ${iso(coverage.to)})`,
    )
  }
  if (missing.length)
    throw new DeskError(
      'ledger_incomplete',
      `The ledger cannot vouch for the whole period. Missing: ${missing.join('; ')}. Sync the history, or ` +
        `choose a period inside what is synced.`,
    )
  return coverage
}

/**
 * An export's period, as far as its filter names one, checked like a report's (the app and the CLI give one answer):
 * an open end is the synced edge. A filter without a period exports what the ledger holds, as it says it is.
 */
export function requireFilterCovered(state: LedgerState, filter: { from?: string; to?: string }): void {
  if (filter.from === undefined && filter.to === undefined) return
  const coverage = ledgerCoverage(state)
  const fromMs = filter.from !== undefined ? Date.parse(filter.from) : (coverage?.from ?? 0)
  const toMs = filter.to !== undefined ? Date.parse(filter.to) : (coverage?.to ?? Date.now())
  requireCovered(state, fromMs, toMs)
}
