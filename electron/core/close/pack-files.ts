import type { LedgerRow } from '../../../shared/api/ledger-query'
import type { AccountingFormat } from '../../../shared/api/accounting-export'
import { csvLine } from '../csv/cell'
import type { PayoutRef } from '../store/close/payout-refs'
import {
  accountingLines,
  accountingPlan,
  ledgerCells,
  LEDGER_COLUMNS,
  presetLine,
  type AccountingSource,
  type AccountingTally,
  type FiatValuer,
} from '../history/use-cases'
import { quickBooksJournalLines, xeroJournalFiles } from './journal-imports'
import type { AccountMap } from './account-map'
import type { Holding } from './holdings'
import { periodJournals } from './journals'
import { periodFilter } from './period'
import type { PeriodView } from './period-view'
import type { CutoffBalance } from './provider-check'

/** One file of a pack: its name, its text and its data rows (lines after the header). */
export interface PackFile {
  name: string
  text: string
  rows: number
}

export interface PackInput {
  view: PeriodView
  source: AccountingSource
  fiat: string
  /** Values the journals in `fiat` from the price table. */
  valuer: FiatValuer
  map: AccountMap
  balances: CutoffBalance[]
  holdings: Holding[]
  refs: ReadonlyMap<string, PayoutRef>
}

const file = (name: string, lines: Iterable<string>): PackFile => {
  let text = ''
  let count = 0
  for (const line of lines) {
    text += line
    count++
  }
  return { name, text, rows: Math.max(0, count - 1) }
}

function preset(input: PackInput, format: AccountingFormat, filter: object, mapped = false): Generator<string> {
  const { view, source, fiat, map } = input
  const run = {
    filter: { ...periodFilter(view.p), ...filter },
    options: { format, timeZone: view.p.timeZone, fiat },
    account: mapped ? (e: Parameters<AccountMap['of']>[0]) => map.of(e) : undefined,
  }
  const tally: AccountingTally = { rows: 0, movements: 0, leftOut: 0, unpriced: 0 }
  return accountingLines(source, accountingPlan(run), tally)
}

const LEDGER_PACK_COLUMNS = [...LEDGER_COLUMNS, 'payout_id', 'idempotency_key', 'pay_run_line', 'invoice'] as const

function* ledgerLines({ view, source, refs }: PackInput): Generator<string> {
  yield csvLine(LEDGER_PACK_COLUMNS)
  for (const leg of view.legs) {
    const out = leg.direction === 'out'
    const ref = out && leg.tx_hash ? refs.get(`${leg.tx_hash}|${leg.to.address}`.toLowerCase()) : undefined
    const invoice = out ? source.invoiceOf(leg.tx_hash, leg.to.address) : null
    yield csvLine([
      ...ledgerCells(leg, source.notes),
      ref?.payoutId ?? null,
      ref?.key ?? null,
      ref?.runLine ?? null,
      invoice,
    ])
  }
}

const signed = (value: string | null) => (value === null ? null : { signed: value })

function* rollForwardLines({ view, balances }: PackInput): Generator<string> {
  yield csvLine([
    'wallet_id',
    'asset',
    'network',
    'opening',
    'incoming',
    'outgoing',
    'fees',
    'internal',
    'closing',
    'provider_at_cutoff',
    'difference',
  ])
  const provider = new Map(balances.map((b) => [`${b.walletId}\n${b.asset}\n${b.network}`, b]))
  for (const r of view.rollForward ?? []) {
    const b = provider.get(`${r.walletId}\n${r.asset}\n${r.network}`)
    yield presetLine([
      r.walletId,
      r.asset,
      r.network,
      signed(r.opening),
      r.incoming,
      r.outgoing,
      r.fees,
      r.internal,
      signed(r.closing),
      signed(b?.provider ?? null),
      signed(b?.difference ?? null),
    ])
  }
}

function* holdingLines({ holdings, fiat }: PackInput): Generator<string> {
  yield csvLine([
    'asset',
    'units',
    'fiat',
    'price',
    'fair_value',
    'cost_basis',
    'unknown_cost_units',
    'unknown_cost_movements',
  ])
  for (const h of holdings)
    yield presetLine([
      h.asset,
      signed(h.units),
      fiat,
      h.price,
      signed(h.fairValue),
      h.costBasis,
      h.unknownCostUnits,
      h.unknownCost.join(' ') || null,
    ])
}

function* adjustmentLines({ view, source }: PackInput): Generator<string> {
  yield csvLine([...LEDGER_COLUMNS, 'locked_period'])
  for (const a of view.adjustments) yield csvLine([...ledgerCells(a as LedgerRow, source.notes), a.lockedPeriod])
}

/**
 * Every file of a period's pack but the manifest: its movements in Cryptio's template and the ledger's own columns,
 * journal lines with the mapping's accounts (generic; Xero's manual journals, in as many files of 300 lines as they
 * need; QuickBooks Online's journal entries), the roll-forward and holdings at the cutoff, and the adjustments to
 * locked periods it records.
 */
export function packFiles(input: PackInput): PackFile[] {
  // Built once for both tools: each journal values its movement's bookings from the price table.
  const journals = [...periodJournals(input.view, input.source, input.valuer, input.map)]
  const files = [
    file('movements-cryptio.csv', preset(input, 'cryptio', {})),
    file('movements-ledger.csv', ledgerLines(input)),
    file('journal-generic.csv', preset(input, 'generic', {}, true)),
  ]
  for (const x of xeroJournalFiles(journals))
    files.push(file(`journal-xero-${String(x.part).padStart(3, '0')}.csv`, x.lines))
  files.push(file('journal-quickbooks.csv', quickBooksJournalLines(journals)))
  files.push(file('rollforward.csv', rollForwardLines(input)))
  files.push(file('holdings.csv', holdingLines(input)))
  files.push(file('adjustments.csv', adjustmentLines(input)))
  return files
}
