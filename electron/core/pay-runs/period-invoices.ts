import { payRunRepo, type DeskStore, type PayRun, type RunLine, type RunPeriod } from '../store'
import { runLineKey } from './run-keys'
import type { Period } from './schedule'

export interface LineInvoice {
  number: string
  amount: string | null
  invoiceDate: string | null
  dueDate: string | null
  /** Recorded for this period already (`run invoice`, or the period's send), so the send records nothing more. */
  recorded: boolean
}

/**
 * The invoice a line pays in one period: the one given for that period (`run invoice`), else the number its lines
 * file gives, unless an earlier period of this line recorded that number already: a file's number belongs to the
 * first period sent with it, so the next period neither repeats it nor refuses the line.
 */
export function periodInvoice(
  store: DeskStore,
  run: PayRun,
  periods: readonly RunPeriod[],
  period: Period,
  line: RunLine,
): LineInvoice | null {
  const repo = store.repo(payRunRepo)
  const [given] = store.read('read the invoices', () => repo.invoicesOf(runLineKey(run.id, period, line.id)))
  if (given) return { ...given, recorded: true }
  if (line.invoiceNumber === null) return null
  const number = line.invoiceNumber.toLowerCase()
  const earlierKeys = periods
    .filter((p) => p.period !== period)
    .flatMap((p) => p.lines.filter((s) => s.lineId === line.id).map((s) => s.key))
  const taken = store.read('read the invoices', () =>
    earlierKeys.some((k) => repo.invoicesOf(k).some((i) => i.number.toLowerCase() === number)),
  )
  if (taken) return null
  const { invoiceNumber, invoiceAmount: amount, invoiceDate, dueDate } = line
  return { number: invoiceNumber, amount, invoiceDate, dueDate, recorded: false }
}
