import { readFile, stat } from 'node:fs/promises'
import type { LegNote } from '../../../shared/api/leg-notes'
import type { ReconciliationReport } from '../../../shared/api/ledger-report'
import type { LedgerFilter, LedgerRow } from '../../../shared/api/ledger-query'
import type { DustThresholdRow } from '../../../shared/address/dust-bait'
import type { GuardClient } from '../destinations/lookalike-guard'
import { DeskError } from '../errors'
import type { ExportProgress } from '../csv/write'
import type { Profile } from '../profiles'
import { legNotesRepo, type DeskStore, type LedgerRepo } from '../store'
import { exportAccountingFile, type AccountingRun } from './accounting/accounting-export'
import { MAX_PRICE_BYTES } from './accounting/price-table'
import { refreshAddressNames } from './accounting/refresh-names'
import { compareWithProvider, type WalletReader } from './balance-compare'
import { writeCsvFile } from '../csv/write'
import { dustThresholdRows, setDustThreshold } from './dust-thresholds'
import { ledgerCoverage } from './ledger-coverage'
import { openLedger } from './ledger-scope'
import { editLegNote, legNotes, type LegNoteChange, type LegRef } from './leg-notes'
import { reportCsvLines } from './report-csv'
import { buildReport } from './report-run'
import type { ReportPeriod } from './reconciliation'

/**
 * What a history use case needs of an open profile: its store and its ledger, bound to the profile's provider and key.
 */
export interface HistoryLedger {
  store: DeskStore
  ledger: LedgerRepo
}

/** The Key ID a profile's ledger belongs to; a profile without one has no ledger, refused before anything is opened. */
export function ledgerKeyOf(profile: Pick<Profile, 'name' | 'keyId'>): string {
  if (!profile.keyId)
    throw new DeskError('key_not_found', `Profile "${profile.name}" has no Key ID yet, so it has no history ledger.`)
  return profile.keyId
}

/** The ledger of the profile's active key, a ledger left by another environment or key cleared first. */
export function profileLedger(
  store: DeskStore,
  profile: Pick<Profile, 'name' | 'baseUrl' | 'keyId'>,
): HistoryLedger & { cleared: boolean } {
  return { store, ...openLedger(store, profile.baseUrl, ledgerKeyOf(profile)) }
}

/** The ledger's summary (rows, not final, synced to) and the edge it vouches for, in ms (null before a first page). */
export const ledgerSummary = ({ store, ledger }: HistoryLedger) =>
  store.read('read the history ledger', () => ledger.summary())
export const syncedToMs = ({ store, ledger }: HistoryLedger): number | null =>
  store.read('read the history ledger', () => ledgerCoverage(ledger.state())?.to ?? null)

/** One page of the ledger, newest first, as the Transactions screen pages it. */
export const ledgerPage = (
  { store, ledger }: HistoryLedger,
  filter: LedgerFilter,
  after: Parameters<LedgerRepo['page']>[1],
  limit: number,
) => store.read('read the history ledger', () => ledger.page(filter, after, limit))
export const ledgerLegs = ({ store, ledger }: HistoryLedger, transactionId: string) =>
  store.read('read the history ledger', () => ledger.legs(transactionId))

/** The newest legs of a filter (text, tag, wallet, asset), each with its private note and tags. */
export function searchLedger(
  { store, ledger }: HistoryLedger,
  filter: LedgerFilter,
  limit: number,
): Array<LedgerRow & { own: LegNote }> {
  return store.read('read the history ledger', () => {
    const notes = store.repo(legNotesRepo)
    return ledger.page(filter, undefined, limit).rows.map((row) => ({ ...row, own: notes.get(row.id, row.direction) }))
  })
}

export const notesOfMovement = ({ store, ledger }: HistoryLedger, transactionId: string): LegNote[] =>
  legNotes(store, ledger, transactionId)
/** A leg's note and tags changed, checked by the one rule whatever the surface, and who did it audited. */
export const noteLeg = ({ store, ledger }: HistoryLedger, ref: LegRef, change: LegNoteChange, actor: string): LegNote =>
  editLegNote(store, ledger, ref, change, actor)

export { exportLedgerCsv as exportLedgerFile, withLedgerCsvLines } from './ledger-export'

/**
 * The app's accounting export to a chosen file: payee names refreshed, then the preset written with progress and a
 * cancel.
 */
export async function exportAccountingPreset(
  session: { store: DeskStore; client: GuardClient },
  run: Pick<AccountingRun, 'filter' | 'options'>,
  target: string,
  signal: AbortSignal,
  onProgress: (p: ExportProgress) => void,
): Promise<{ rows: number; cancelled: boolean }> {
  // Best effort: payees the book does not name now keep the name the store holds.
  await refreshAddressNames(session.store, session.client)
  return exportAccountingFile(session.store, run.filter, run.options, target, signal, onProgress)
}

export { tallyText, withAccountingLines, type AccountingTally } from './accounting/accounting-export'
export { refreshAddressNames } from './accounting/refresh-names'

/** Opens a way to read wallets from the provider for one errand (a signed client), only when a comparison needs it. */
export type WalletAccess = <T>(read: (readWallet: WalletReader) => Promise<T>) => Promise<T>

/**
 * The reconciliation report of a period: the roll-forward counted over one view of the ledger and, for a period ending
 * at the last sync, each closing compared with the provider's balance read fresh (no wallet is read otherwise).
 */
export async function reconciliationReport(
  store: DeskStore,
  period: ReportPeriod,
  wallets: WalletAccess,
  signal?: AbortSignal,
  onProgress?: (rows: number) => void,
): Promise<ReconciliationReport> {
  const counts = await buildReport(store, period, signal, onProgress)
  return counts.to === counts.syncedTo ? wallets((readWallet) => compareWithProvider(counts, readWallet)) : counts
}

/** The header block of a report file: which profile, environment and provider it counts, and when. */
export const reportHeader = (profile: Pick<Profile, 'name' | 'environment' | 'baseUrl'>) => ({
  profile: profile.name,
  environment: profile.environment,
  baseUrl: profile.baseUrl,
  generatedAt: new Date().toISOString(),
})

export { reportCsvLines } from './report-csv'
export { differences as balanceDifferences } from './balance-compare'

/** The app's report export to a chosen file, with progress; a cancel stops it between steps and says how far it got. */
export async function exportReportFile(
  session: { store: DeskStore; profile: Pick<Profile, 'name' | 'environment' | 'baseUrl'> },
  period: ReportPeriod,
  wallets: WalletAccess,
  target: string,
  signal: AbortSignal,
  onProgress: (p: ExportProgress) => void,
): Promise<{ rows: number; cancelled: boolean }> {
  let counted = 0
  try {
    const report = await reconciliationReport(session.store, period, wallets, signal, (rows) => {
      counted = rows
      onProgress({ rows, pages: 0, done: false })
    })
    await writeCsvFile(target, reportCsvLines(report, reportHeader(session.profile)))
    onProgress({ rows: report.rows, pages: 0, done: true })
    return { rows: report.rows, cancelled: false }
  } catch (err) {
    if (!signal.aborted) throw err
    onProgress({ rows: counted, pages: 0, done: true })
    return { rows: counted, cancelled: true }
  }
}

/** The text of a price file, refused before it is read when it is over the limit, and when it is not UTF-8. */
export async function readPriceFile(file: string): Promise<string> {
  const info = await stat(file).catch(() => {
    throw new DeskError('invalid_input', `Cannot read ${file}: no such file.`)
  })
  if (!info.isFile()) throw new DeskError('invalid_input', `${file} is not a file.`)
  if (info.size > MAX_PRICE_BYTES)
    throw new DeskError('validation_failed', `The price table was not imported: ${file} is over 10 MB.`)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await readFile(file))
  } catch {
    throw new DeskError(
      'validation_failed',
      `The price table was not imported: ${file} is not UTF-8 text. Save it as "CSV UTF-8".`,
    )
  }
}

/**
 * Sets one asset's dust threshold, judges the ledger's movements of it again, and answers the thresholds as they now
 * are.
 */
export function setDust(
  store: DeskStore,
  asset: string,
  below: string,
): { thresholds: DustThresholdRow[]; flagged: number } {
  const { flagged } = setDustThreshold(store, asset, below)
  return { thresholds: dustThresholdRows(store), flagged }
}

export {
  cancelWaitingPrices,
  importPriceTable,
  priceTableSummary,
  waitingPrices,
  type PriceEditor,
} from './accounting/price-import'
export { dustThresholdRows } from './dust-thresholds'
export { csvChunks, writeCsvFile } from '../csv/write'
export { syncProfileHistory, withProfileClient } from './profile-sync'
export type { SyncProgress } from './sync-progress'
export type { LegRef } from './leg-notes'

/** The provider's wallets and transactions as the screens read them. */
export { listWallets, readTransaction, readTransactionPage, readWallet, walletAccessOf } from './wallet-reads'

/** What a month-end close reads of the ledger and writes in the accounting tools' shapes (electron/core/close). */
export { accountingLines, plan as accountingPlan } from './accounting/accounting-export'
export { accountingSource, type AccountingSource } from './accounting/accounting-source'
export { legBookings, type AccountingEntry } from './accounting/entries'
export { FiatValuer } from './accounting/fiat-value'
export { presetLine } from './accounting/preset-line'
export { isoDay, zonedClock } from './accounting/zoned-time'
export { ledgerCoverage } from './ledger-coverage'
export { ledgerCells, LEDGER_COLUMNS } from './ledger-csv'
export { reconcile } from './reconciliation'
