import { createHash, randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import Big from 'big.js'
import { DECIMAL_PATTERN } from '../../../shared/api/amount'
import { plainTextProblem } from '../../../shared/text/plain-text'
import { DeskError } from '../errors'
import { payRunRepo, type DeskStore, type Invoice, type OutboxRow } from '../store'
import { payoutInvoices, type PayoutInvoice } from '../store/pay-runs/payout-invoices'
import { decisionRow } from '../store/audit/decision-row'
import { isCalendarDay } from './run-lines'
import { invoicePayee } from './run-preview'

export interface AttachInvoice {
  /** The payout's Idempotency-Key or its provider id. */
  payout: string
  pdf: Uint8Array
  number: string
  amount?: string
  due?: string
  /** A person confirmed paying an invoice number this payee had before (audited). */
  confirmRepeat: boolean
  actor: string
}

export interface AttachedInvoice {
  invoice: Invoice
  /** The invoice's amount where it differs from the payout's. */
  amountDiffers: { invoice: string; payout: string } | null
}

const entryOf = (store: DeskStore, ref: string): OutboxRow | undefined =>
  store.read(
    'read the outbox',
    () => store.outbox.get(ref) ?? store.outbox.list().entries.find((e) => e.withdrawalId === ref),
  )

function payoutOf(store: DeskStore, ref: string): OutboxRow {
  const entry = entryOf(store, ref)
  if (!entry) throw new DeskError('invalid_input', `No payout of this profile has the key or id ${ref}.`)
  return entry
}

/** A PDF copied into the profile's folder under its SHA-256; anything that does not start as a PDF is refused. */
export async function keepPdf(profileFolder: string, pdf: Uint8Array): Promise<{ file: string; sha256: string }> {
  if (Buffer.from(pdf.subarray(0, 5)).toString('latin1') !== '%PDF-')
    throw new DeskError('invalid_input', 'The file is not a PDF (it does not start with %PDF-).')
  const sha256 = createHash('sha256').update(pdf).digest('hex')
  const folder = join(profileFolder, 'invoices')
  await mkdir(folder, { recursive: true })
  const file = join(folder, `${sha256}.pdf`)
  await writeFile(file, pdf)
  return { file, sha256 }
}

/** The invoices a payout (by its key or provider id) pays; none for a payout this desk did not make. */
export function invoicesOfPayout(store: DeskStore, ref: string): PayoutInvoice[] {
  const entry = entryOf(store, ref)
  return entry ? payoutInvoices(store, entry.idempotencyKey, entry.body) : []
}

/**
 * An invoice on a payout: the PDF copied into the profile's folder under its SHA-256, which is recorded. The same
 * number for the same payee (address on its network) is refused unless confirmed, and the confirmation is audited.
 */
export async function attachInvoice(
  store: DeskStore,
  profileFolder: string,
  input: AttachInvoice,
  now = new Date(),
): Promise<AttachedInvoice> {
  const number = input.number.trim()
  if (number === '' || number.length > 120)
    throw new DeskError('invalid_input', 'An invoice number has 1 to 120 characters.')
  // The number is printed on receipts and written into exports: plain text only, as a run file's cells.
  const plain = plainTextProblem(number)
  if (plain) throw new DeskError('invalid_input', `The invoice number ${plain}.`)
  if (input.amount !== undefined && !DECIMAL_PATTERN.test(input.amount))
    throw new DeskError('invalid_input', `--amount ${input.amount} is not a decimal written with a dot.`)
  if (input.due !== undefined && !isCalendarDay(input.due))
    throw new DeskError('invalid_input', `--due ${input.due} is not a calendar day written YYYY-MM-DD.`)
  const entry = payoutOf(store, input.payout)
  const payee = invoicePayee(entry.body.network ?? '', entry.body.destination)
  const repo = store.repo(payRunRepo)
  const numbered = store.read('read the invoices', () => repo.invoicesNumbered(payee, number))
  // The number a run recorded for this very payout is this payout's invoice: its PDF is no repeat.
  const own = numbered.find((i) => i.payoutKey === entry.idempotencyKey && i.file === null)
  const earlier = numbered.filter((i) => i.id !== own?.id)
  if (earlier.length > 0 && !input.confirmRepeat) {
    throw new DeskError(
      'confirmation_required',
      `Invoice ${number} of this payee was recorded already (${earlier[0]!.at.slice(0, 10)}); an invoice is ` +
        `paid once. Confirm to attach it again.`,
    )
  }
  const { file, sha256 } = await keepPdf(profileFolder, input.pdf)
  const invoice: Invoice = {
    id: own?.id ?? randomUUID(),
    payee,
    number,
    payoutKey: entry.idempotencyKey,
    amount: input.amount ?? own?.amount ?? null,
    invoiceDate: own?.invoiceDate ?? null,
    dueDate: input.due ?? own?.dueDate ?? null,
    file,
    sha256,
    at: own?.at ?? now.toISOString(),
    actor: own?.actor ?? input.actor,
  }
  store.transaction('attach the invoice', () => {
    if (own) repo.attachFile(own.id, file, sha256)
    else repo.addInvoice(invoice)
    const detail = { number, sha256, payee, repeated: earlier.length > 0 }
    if (earlier.length > 0)
      store.audit.append(decisionRow(now, 'invoice.repeat_confirmed', input.actor, entry.idempotencyKey, detail))
    store.audit.append(decisionRow(now, 'invoice.attached', input.actor, entry.idempotencyKey, detail))
  })
  const differs = input.amount !== undefined && !new Big(input.amount).eq(entry.body.amount)
  return { invoice, amountDiffers: differs ? { invoice: input.amount!, payout: entry.body.amount } : null }
}
