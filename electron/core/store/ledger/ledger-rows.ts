import type { LedgerRow } from '../../../../shared/api/ledger-query'
import { LegRead } from './ledger-columns'
import type { LedgerWords } from './ledger-words'
import type { OpeningLeg } from './opening-effects'

/**
 * A stored leg read back: its columns unpacked (ledger-columns.ts) and checked, as a screen's row or a report's tally.
 */

/** A leg as a report counts it; checked like any row read back, so a damaged amount stops the report. */
export interface LegTally extends OpeningLeg {
  atMs: number
  id: string
  readAtMs: number
  suspectedPoisoning: boolean
}

/** A whole leg, as screens and exports show it (with its parties), and its sort position. */
const ROW_COLUMNS = [
  'id',
  'direction',
  'created_at',
  'wallet_id',
  'asset',
  'network',
  'network_name',
  'status',
  'final',
  'amount',
  'fee',
  'fee_asset',
  'from_name',
  'from_address',
  'to_name',
  'to_address',
  'tx_hash',
  'read_at_ms',
  'at_ms',
  'seq',
  'bait',
] as const
export const ROW_READ = new LegRead(ROW_COLUMNS)
export const LEG_FROM =
  'ledger_legs l JOIN ledger_parties f ON f.id = l.from_party JOIN ledger_parties t ON t.id = l.to_party'

/** Only what a report adds up and its sort position: no joins, no timestamps as text. */
const TALLY_COLUMNS = [
  'seq',
  'at_ms',
  'id',
  'direction',
  'wallet_id',
  'asset',
  'network',
  'amount',
  'fee',
  'fee_asset',
  'final',
  'status',
  'read_at_ms',
  'bait',
] as const
export const TALLY_READ = new LegRead(TALLY_COLUMNS)

/** A stored leg back as the API's shape, each column checked against its rule (ledger-columns.ts). */
export function toRow(raw: unknown[], words: LedgerWords, readAt: (ms: number) => string): LedgerRow {
  const row = ROW_READ.check(ROW_READ.unpack(raw, words))
  return {
    id: ROW_READ.value(row, 'id'),
    created_at: ROW_READ.value(row, 'created_at'),
    direction: ROW_READ.value(row, 'direction'),
    from: { name: ROW_READ.value(row, 'from_name'), address: ROW_READ.value(row, 'from_address') },
    to: { name: ROW_READ.value(row, 'to_name'), address: ROW_READ.value(row, 'to_address') },
    amount: ROW_READ.value(row, 'amount'),
    asset: ROW_READ.value(row, 'asset'),
    fee: ROW_READ.value(row, 'fee'),
    fee_asset: ROW_READ.value(row, 'fee_asset'),
    status: ROW_READ.value(row, 'status'),
    tx_hash: ROW_READ.value(row, 'tx_hash'),
    network: ROW_READ.value(row, 'network'),
    network_name: ROW_READ.value(row, 'network_name'),
    wallet_id: ROW_READ.value(row, 'wallet_id'),
    read_at: readAt(ROW_READ.value(row, 'read_at_ms')),
    final: ROW_READ.value(row, 'final') === 1,
    suspected_poisoning: ROW_READ.value(row, 'bait') === 1,
  }
}

export function toTally(raw: unknown[], words: LedgerWords): LegTally {
  const row = TALLY_READ.check(TALLY_READ.unpack(raw, words))
  return {
    atMs: TALLY_READ.value(row, 'at_ms'),
    id: TALLY_READ.value(row, 'id'),
    direction: TALLY_READ.value(row, 'direction'),
    walletId: TALLY_READ.value(row, 'wallet_id'),
    asset: TALLY_READ.value(row, 'asset'),
    network: TALLY_READ.value(row, 'network'),
    amount: TALLY_READ.value(row, 'amount'),
    fee: TALLY_READ.value(row, 'fee'),
    feeAsset: TALLY_READ.value(row, 'fee_asset'),
    final: TALLY_READ.value(row, 'final') === 1,
    status: TALLY_READ.value(row, 'status'),
    readAtMs: TALLY_READ.value(row, 'read_at_ms'),
    suspectedPoisoning: TALLY_READ.value(row, 'bait') === 1,
  }
}

/** A stored leg as the opening sums take it back, or 'unreadable' when it is damaged. */
export function readable(raw: unknown[], words: LedgerWords): LegTally | 'unreadable' {
  try {
    return toTally(raw, words)
  } catch {
    return 'unreadable'
  }
}

/**
 * ISO 8601 of a time, remembering the last one: the legs of one synced page share their read time, and turning
 * a time into text costs about a microsecond, as much as the rest of the row.
 */
export function isoOfLast(): (ms: number) => string {
  let lastMs = Number.NaN
  let lastText = ''
  return (ms) => {
    if (ms !== lastMs) {
      lastText = new Date(ms).toISOString()
      lastMs = ms
    }
    return lastText
  }
}
