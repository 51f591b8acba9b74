import { randomUUID } from 'node:crypto'
import { plainTextProblem } from '../../../shared/text/plain-text'
import type { ApiClient } from '../api/api-client'
import { DeskError } from '../errors'
import { payRunRepo, type DeskStore, type Invoice } from '../store'
import { keepPdf } from './invoices'
import { decisionRow } from '../store/audit/decision-row'
import { payeeKey } from './run-lines'
import { invoicePayee, previewRun, type PreviewLine } from './run-preview'
import type { Period } from './schedule'

export interface PeriodInvoiceInput {
  name: string
  period: Period
  /** The line's id, its payee (reference) or its line number in the file. */
  line: string
  number: string
  pdf: Uint8Array | null
  /** A person confirmed paying a number this payee had before (audited). */
  confirmRepeat: boolean
  actor: string
}

function lineOf(lines: readonly PreviewLine[], asked: string): PreviewLine {
  const found =
    lines.find((l) => l.lineId === asked) ??
    lines.find((l) => payeeKey(l.payee) === payeeKey(asked)) ??
    lines.find((l) => String(l.line) === asked.trim())
  if (!found)
    throw new DeskError('invalid_input', `The run has no line ${asked} (give its id, its payee or its line number).`)
  return found
}

/**
 * The invoice one line pays in one period, recorded under that period's key before the period is sent (or after,
 * for its PDF): each period takes its own number. A number this payee had on another payout is refused unless
 * confirmed, as `invoice attach` refuses it.
 */
export async function setPeriodInvoice(
  session: { store: DeskStore; client: Pick<ApiClient, 'listWallets' | 'listCounterparties'> },
  profileFolder: string,
  input: PeriodInvoiceInput,
  now = new Date(),
): Promise<Invoice> {
  const number = input.number.trim()
  const plain = plainTextProblem(number)
  if (number === '' || number.length > 120 || plain)
    throw new DeskError('invalid_input', `The invoice number ${plain ?? 'has 1 to 120 characters'}.`)
  const { store } = session
  const preview = await previewRun(session, input.name, input.period, now)
  const line = lineOf(preview.lines, input.line)
  const payee = invoicePayee(line.network, line.address)
  const repo = store.repo(payRunRepo)
  const numbered = store.read('read the invoices', () => repo.invoicesNumbered(payee, number))
  const earlier = numbered.filter((i) => i.payoutKey !== line.key)
  if (earlier.length > 0 && !input.confirmRepeat)
    throw new DeskError(
      'confirmation_required',
      `Invoice ${number} of this payee was recorded already (${earlier[0]!.at.slice(0, 10)}); an invoice is paid ` +
        'once. Confirm to record it again.',
    )
  const kept = input.pdf ? await keepPdf(profileFolder, input.pdf) : { file: null, sha256: null }
  const same = numbered.find((i) => i.payoutKey === line.key)
  const invoice: Invoice = same ?? {
    id: randomUUID(),
    payee,
    number,
    payoutKey: line.key,
    amount: null,
    invoiceDate: null,
    dueDate: null,
    ...kept,
    at: now.toISOString(),
    actor: input.actor,
  }
  store.transaction('record the period invoice', () => {
    if (!same) repo.addInvoice(invoice)
    else if (kept.file !== null) repo.attachFile(same.id, kept.file, kept.sha256!)
    const detail = { run_id: preview.runId, period: input.period, line: line.lineId, number, sha256: kept.sha256 }
    if (earlier.length > 0)
      store.audit.append(decisionRow(now, 'invoice.repeat_confirmed', input.actor, line.key, detail))
    store.audit.append(decisionRow(now, 'payrun.invoice_recorded', input.actor, line.key, detail))
  })
  return kept.file === null ? invoice : { ...invoice, ...kept }
}
