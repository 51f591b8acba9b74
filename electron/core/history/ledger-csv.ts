import type { LegNote } from '../../../shared/api/leg-notes'
import type { LedgerFilter, LedgerRow } from '../../../shared/api/ledger-query'
import { LedgerRepo } from '../store/ledger/ledger-repo'
import { legKey, LegNotesRepo } from '../store/ledger/leg-notes-repo'
import type { RepoFactory } from '../store/repo-factory'
import type { TransactionLeg } from '../../../shared/api/resources'
import { csvLine } from '../csv/cell'

/** A transaction leg's columns as the provider names them. */
const COLUMNS = [
  'id',
  'created_at',
  'direction',
  'from_name',
  'from_address',
  'to_name',
  'to_address',
  'amount',
  'asset',
  'fee',
  'fee_asset',
  'status',
  'tx_hash',
  'network',
  'network_name',
  'wallet_id',
] as const

function cells(r: TransactionLeg): Array<string | null> {
  return [
    r.id,
    r.created_at,
    r.direction,
    r.from.name,
    r.from.address,
    r.to.name,
    r.to.address,
    r.amount,
    r.asset,
    r.fee,
    r.fee_asset,
    r.status,
    r.tx_hash,
    r.network,
    r.network_name,
    r.wallet_id,
  ]
}

/**
 * The transaction export's columns, whether the leg is flagged as suspected address poisoning ("yes" or empty),
 * and the private note and tags (space-separated) a person wrote on it.
 */
export const LEDGER_COLUMNS = [...COLUMNS, 'suspected_poisoning', 'note', 'tags'] as const

/** Notes and tags by `legKey`: read once per export, not once per row. */
export type LegNotesByKey = ReadonlyMap<string, LegNote>

export function ledgerCells(row: LedgerRow, notes: LegNotesByKey): Array<string | null> {
  const own = notes.get(legKey(row.id, row.direction))
  return [...cells(row), row.suspected_poisoning ? 'yes' : '', own?.note ?? null, own ? own.tags.join(' ') : null]
}

/** What a ledger export reads over one snapshot connection: the ledger and every leg's note and tags. */
export interface LedgerExportView {
  ledger: LedgerRepo
  notes: LegNotesByKey
}

export const ledgerExportView: RepoFactory<LedgerExportView> = (db) => ({
  ledger: new LedgerRepo(db),
  notes: new LegNotesRepo(db).all(),
})

/** The ledger's rows as CSV lines, oldest first, in the columns of the app's ledger export. */
export function* ledgerCsvLines({ ledger, notes }: LedgerExportView, filter: LedgerFilter): Generator<string> {
  yield csvLine(LEDGER_COLUMNS)
  for (const row of ledger.rows(filter)) yield csvLine(ledgerCells(row, notes))
}
