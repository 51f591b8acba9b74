import {
  AccountingOptionsSchema,
  ACCOUNTING_FORMAT_NAMES,
  STATEMENT_FORMATS,
  type AccountingOptions,
} from '../../../../shared/api/accounting-export'
import type { LedgerFilter } from '../../../../shared/api/ledger-query'
import { DeskError } from '../../errors'
import type { DeskStore } from '../../store/desk-store'
import type { ExportProgress } from '../../csv/write'
import { presetLine } from './preset-line'
import { writeCsvFile } from '../../csv/write'
import { accountingSource, type AccountingSource } from './accounting-source'
import { requireFilterCovered } from '../ledger-coverage'
import { requireOneAccount } from './statement-account'
import { legBookings, type AccountingEntry } from './entries'
import { FiatValuer } from './fiat-value'
import { PRESETS } from './presets'
import { zonedClock } from './zoned-time'

/** What an export wrote: lines (bookings) and the movements they came from, and the movements left out. */
export interface AccountingTally {
  rows: number
  movements: number
  /** Not completed (failed, or not final yet) or internal: they moved no balance. */
  leftOut: number
  /** Lines whose fiat cell stayed blank because the price table has no price for that day, asset and fiat. */
  unpriced: number
}

export interface AccountingRun {
  filter: LedgerFilter
  options: AccountingOptions
  /** Stops the export between lines (the app's cancel). */
  signal?: AbortSignal
  /** Called with the lines written so far, every few thousand lines. */
  onRows?: (rows: number) => void
  /** The generic format's other-side account of a booking (a month-end close's mapping). */
  account?: (e: AccountingEntry) => string | null
}

const PROGRESS_EVERY = 2_000

export interface Plan {
  run: AccountingRun
  options: ReturnType<typeof AccountingOptionsSchema.parse>
  statementAsset: string | null
}

/**
 * The run's options checked before anything is read: a bank statement format is one account in one currency, so its
 * filter must name the asset.
 */
export function plan(run: AccountingRun): Plan {
  const options = AccountingOptionsSchema.parse(run.options)
  const statement = STATEMENT_FORMATS.includes(options.format)
  if (statement && run.filter.asset === undefined) {
    throw new DeskError(
      'validation_failed',
      `A ${ACCOUNTING_FORMAT_NAMES[options.format]} is one account in one currency: choose the asset to export.`,
    )
  }
  return { run, options, statementAsset: statement ? run.filter.asset! : null }
}

/**
 * The CSV lines of one accounting preset over the ledger rows of a filter, oldest first, every cell through
 * `csvCell`. A statement's lines are its asset's bookings, fees of movements in other assets included.
 */
export function* accountingLines(
  source: AccountingSource,
  { run, options, statementAsset }: Plan,
  tally: AccountingTally,
): Generator<string> {
  const preset = PRESETS[options.format]
  // Cryptio asks for UTC whatever the workspace's zone.
  const zone = options.format === 'cryptio' ? 'UTC' : options.timeZone
  const fiat = new FiatValuer(source.prices, options.fiat ?? null)
  const ctx = { at: zonedClock(zone), zone, fiat, asset: statementAsset, account: run.account }
  const fiatColumn = options.format === 'generic' ? 7 : null
  // A statement reads every asset's legs: a USDC payout's fee paid in ETH belongs on the ETH statement.
  const filter = statementAsset === null ? run.filter : { ...run.filter, asset: undefined }
  yield presetLine(preset.header)
  for (const leg of source.ledger.rows(filter)) {
    if (run.signal?.aborted) throw new DeskError('cancelled', 'The export was cancelled; no file was written.')
    const bookings = legBookings(leg, source)
    if (bookings.entries.length === 0) {
      if (statementAsset === null || leg.asset === statementAsset) tally.leftOut++
      continue
    }
    const rows = preset.rows(bookings, ctx)
    if (rows.length === 0) continue
    tally.movements++
    for (const cells of rows) {
      if (fiatColumn !== null && fiat.fiat !== null && cells[fiatColumn] === null) tally.unpriced++
      yield presetLine(cells)
      if (++tally.rows % PROGRESS_EVERY === 0) run.onRows?.(tally.rows)
    }
  }
}

/**
 * The one way both the app and `payout-desk history export --format` write a preset: the lines over one snapshot
 * of the profile's database (a sync committing meanwhile changes nothing in the file), handed to `write`.
 * `check` runs first on that snapshot (the CLI's coverage check of its period).
 */
export async function withAccountingLines<T>(
  store: DeskStore,
  run: AccountingRun,
  write: (lines: Iterable<string>, tally: AccountingTally) => Promise<T>,
): Promise<T> {
  const checked = plan(run)
  return store.snapshot(accountingSource, 'export the history ledger', async (source) => {
    requireFilterCovered(source.ledger.state(), run.filter)
    if (checked.statementAsset !== null) requireOneAccount(source, run.filter, checked.statementAsset)
    const tally: AccountingTally = { rows: 0, movements: 0, leftOut: 0, unpriced: 0 }
    return write(accountingLines(source, checked, tally), tally)
  })
}

/** The tally said as a sentence: what the file holds and what it left out. */
export function tallyText(t: AccountingTally): string {
  const left = t.leftOut ? `; ${t.leftOut.toLocaleString('en')} movements not completed or internal were left out` : ''
  const unpriced = t.unpriced
    ? `; ${t.unpriced.toLocaleString('en')} lines have no price in the table, so their fiat cell is blank`
    : ''
  return `${t.rows.toLocaleString('en')} lines from ${t.movements.toLocaleString('en')} movements${left}${unpriced}`
}

/** The app's export of a preset to the file the save dialog chose, with progress and a cancel. */
export async function exportAccountingFile(
  store: DeskStore,
  filter: LedgerFilter,
  options: AccountingOptions,
  path: string,
  signal: AbortSignal,
  onProgress: (p: ExportProgress) => void,
): Promise<{ rows: number; cancelled: boolean }> {
  let rows = 0
  const onRows = (n: number) => {
    rows = n
    onProgress({ rows: n, pages: 0, done: false })
  }
  try {
    return await withAccountingLines(store, { filter, options, signal, onRows }, async (lines, tally) => {
      onProgress({ rows: 0, pages: 0, done: false })
      await writeCsvFile(path, lines)
      onProgress({ rows: tally.rows, pages: 0, done: true })
      return { rows: tally.rows, cancelled: false }
    })
  } catch (err) {
    if (!signal.aborted) throw err
    onProgress({ rows, pages: 0, done: true })
    return { rows, cancelled: true }
  }
}
