import Big from 'big.js'
import type { Counterparty, Wallet } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import {
  checkRows,
  destinationProblems,
  firstPayoutRows,
  fundsCheck,
  shortfallText,
  type BatchCheck,
  type CheckedRow,
  type CsvRow,
  type FirstPayoutRow,
  type FundsRow,
  type RowProblem,
} from '../batch/use-cases'
import { DeskError } from '../errors'
import { rowPaymentBlock } from '../payee-checks/use-cases'
import { invoiceAmountNote } from '../../../shared/payouts/invoice-amount'
import { payRunRepo, type DeskStore, type PayRun, type RunPeriod, type SentLine } from '../store'
import { nextDue } from './due'
import { runNamed } from './run-book'
import { runLineKey } from './run-keys'
import { periodInvoice } from './period-invoices'
import { isPeriod, type Period } from './schedule'
import { amountInAsset, usdRates, type UsdConversion } from './usd-amount'

export type LineChange = 'new_payee' | 'changed_amount' | 'new_destination'

export interface PreviewLine {
  line: number
  /** The line's id: its keys derive from it. */
  lineId: string
  payee: string
  key: string
  amount: string
  asset: string
  usd: UsdConversion | null
  destinationName: string
  address: string
  network: string
  walletName: string
  changes: LineChange[]
  /** The amount paid in the last period sent, where it differs. */
  before: string | null
  invoiceNumber: string | null
  /** "Invoice N says …; this payout is …" when the line's invoice asks another sum. */
  invoiceNote: string | null
}

export interface RunPreview {
  runId: string
  name: string
  period: Period
  /** sent or skipped already, or null. */
  done: RunPeriod['state'] | null
  lastSent: Period | null
  lines: PreviewLine[]
  removed: SentLine[]
  /** By line; `error` ones block the send. */
  problems: RowProblem[]
  funds: FundsRow[]
  shortfalls: string[]
  /** The sum a production send asks to be typed again (as the batch review asks). */
  grandTotal: string
  /** Destinations never paid before: filled for a send's confirmation (`withFirstPayouts`), empty otherwise. */
  firstPayouts: FirstPayoutRow[]
  /** The batch the period would be recorded as. */
  check: Omit<BatchCheck, 'lineCount'>
}

export interface PreviewReads {
  wallets: readonly Wallet[]
  book: readonly Counterparty[]
}

/** The period asked for (one of the schedule's days), else the run's next due one. */
export function periodOf(run: PayRun, periods: readonly RunPeriod[], asked: Period | undefined, today: Date): Period {
  if (asked !== undefined) {
    if (!isPeriod(run.schedule, asked))
      throw new DeskError('invalid_input', `${asked} is not one of the run's periods (YYYY-MM-DD on its schedule).`)
    return asked
  }
  const next = nextDue(run.schedule, periods, today)
  if (next.period === null)
    throw new DeskError('invalid_input', `The schedule of "${run.name}" has no period left; give --period.`)
  return next.period
}

/**
 * Reads the wallets (balances) and the destination book through the API client, then previews; `withFirstPayouts`
 * for a review that asks the first-payout acknowledgement before its send.
 */
export async function previewRun(
  session: { store: DeskStore; client: Pick<ApiClient, 'listWallets' | 'listCounterparties'> },
  name: string,
  period?: Period,
  today = new Date(),
  withFirstPayouts = false,
): Promise<RunPreview> {
  const run = runNamed(session.store, name)
  const reads = { wallets: await session.client.listWallets(), book: await session.client.listCounterparties() }
  return previewOf(session.store, run, reads, period, today, withFirstPayouts)
}

/** The preview from reads already made: pure but for the store, so a bench measures it without a provider. */
export function previewOf(
  store: DeskStore,
  run: PayRun,
  reads: PreviewReads,
  asked: Period | undefined,
  today: Date,
  withFirstPayouts = false,
): RunPreview {
  const periods = store.read('read the pay run', () => store.repo(payRunRepo).periods(run.id))
  const period = periodOf(run, periods, asked, today)
  const problems: RowProblem[] = []
  const usdOf = new Map<number, UsdConversion>()
  const rows: CsvRow[] = []
  const rateOf = usdRates(store, period)
  for (const l of run.lines) {
    const converted = amountInAsset(rateOf, l.amount, l.asset, period)
    if ('problem' in converted) {
      problems.push({
        line: l.line,
        column: 'amount',
        message: `Line ${l.line}, amount: ${converted.problem}`,
        severity: 'error',
      })
      continue
    }
    if (converted.usd) usdOf.set(l.line, converted.usd)
    const cells = {
      destination: l.destination,
      amount: converted.amount,
      asset: l.asset,
      network: l.network ?? '',
      wallet: l.wallet ?? '',
    }
    rows.push({ line: l.line, cells: { ...cells, fee_priority: l.feePriority ?? '', reference: l.reference ?? '' } })
  }
  const check = checkRows(rows, reads.wallets, reads.book)
  // A listed address or an unsettled payee change stops a run's line as it stops a batch row.
  const block = rowPaymentBlock(store)
  const payeeRule = (row: CheckedRow, book: readonly Counterparty[]) =>
    block(row.body.network ?? '', row.body.destination, book)
  problems.push(...check.problems, ...destinationProblems(check.rows, reads.book, payeeRule))
  const byLine = new Map(run.lines.map((l) => [l.line, l]))
  const sent = periods.filter((p) => p.state === 'sent' && p.period < period)
  const last = sent.at(-1) ?? null
  const lastBy = new Map((last?.lines ?? []).map((s) => [s.lineId, s]))
  const everPaid = new Map<string, Set<string>>()
  for (const p of sent)
    for (const s of p.lines)
      everPaid.set(s.lineId, (everPaid.get(s.lineId) ?? new Set()).add(`${s.network}|${s.destination.toLowerCase()}`))
  const lines = check.rows.map((r): PreviewLine => {
    const l = byLine.get(r.line)!
    const before = lastBy.get(l.id)
    const changes: LineChange[] = []
    if (last && !before) changes.push('new_payee')
    if (before && (before.asset !== r.body.asset || !new Big(before.amount).eq(r.body.amount)))
      changes.push('changed_amount')
    const paidTo = everPaid.get(l.id)
    if (paidTo && !paidTo.has(`${r.body.network}|${r.body.destination.toLowerCase()}`)) changes.push('new_destination')
    const invoice = periodInvoice(store, run, periods, period, l)
    return {
      line: r.line,
      lineId: l.id,
      payee: l.payee,
      key: runLineKey(run.id, period, l.id),
      amount: r.body.amount,
      asset: r.body.asset,
      usd: usdOf.get(r.line) ?? null,
      destinationName: r.destinationName,
      address: r.body.destination,
      network: r.body.network!,
      walletName: r.walletName,
      changes,
      before: changes.includes('changed_amount') ? `${before!.amount} ${before!.asset}` : null,
      invoiceNumber: invoice?.number ?? null,
      invoiceNote: invoice ? invoiceNote(invoice, r.body, usdOf.get(r.line)) : null,
    }
  })
  const ids = new Set(run.lines.map((l) => l.id))
  const funds = fundsCheck(check.rows, reads.wallets)
  problems.push(...invoiceRepeats(store, lines))
  return {
    runId: run.id,
    name: run.name,
    period,
    done: periods.find((p) => p.period === period)?.state ?? null,
    lastSent: last?.period ?? null,
    lines,
    removed: (last?.lines ?? []).filter((s) => !ids.has(s.lineId)),
    problems: problems.sort((a, b) => a.line - b.line),
    funds,
    shortfalls: funds.filter((f) => f.missing !== null).map(shortfallText),
    grandTotal: check.grandTotal,
    firstPayouts: withFirstPayouts ? firstPayoutRows(store, check.rows) : [],
    check: { ...check, problems: problems.sort((a, b) => a.line - b.line) },
  }
}

/** A dollar line's invoice is in dollars: compared with the line's USD sum, else with what the payout pays. */
function invoiceNote(
  invoice: { number: string; amount: string | null },
  body: { amount: string; asset: string },
  usd: UsdConversion | undefined,
) {
  return invoiceAmountNote(invoice, usd ? { amount: usd.usd, asset: 'USD' } : body)
}

/** The payee of an invoice: the address it is paid to, on its network. */
export const invoicePayee = (network: string, address: string): string => `${network}:${address.toLowerCase()}`

/** A line whose invoice number was recorded for the same payee before (another period, another payout) is refused. */
function invoiceRepeats(store: DeskStore, lines: readonly PreviewLine[]): RowProblem[] {
  const out: RowProblem[] = []
  for (const l of lines) {
    if (!l.invoiceNumber) continue
    const earlier = store
      .read('read the invoices', () =>
        store.repo(payRunRepo).invoicesNumbered(invoicePayee(l.network, l.address), l.invoiceNumber!),
      )
      .filter((i) => i.payoutKey !== l.key)
    if (earlier.length === 0) continue
    const message =
      `Line ${l.line}, invoice_number: invoice ${l.invoiceNumber} of this payee was recorded ` +
      `already (${earlier[0]!.at.slice(0, 10)}); an invoice is paid once.`
    out.push({ line: l.line, column: null, message, severity: 'error' })
  }
  return out
}
