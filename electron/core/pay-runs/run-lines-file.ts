import { csvLine } from '../csv/cell'
import type { DeskStore, PayRun } from '../store'
import { runNamed } from './run-book'
import { RUN_COLUMNS } from './run-lines'

/**
 * The run's lines as the CSV `run add` and `run edit` read, with each line's id in `line_id`: edited and given back
 * to `run edit --file`, every line keeps its id (and so its keys), whatever else changed.
 */
export function runLinesCsv(run: PayRun): string {
  const rows = run.lines.map((l) =>
    csvLine([
      l.destination,
      l.amount,
      l.asset,
      l.network,
      l.wallet,
      l.feePriority,
      l.reference,
      l.invoiceNumber,
      l.invoiceDate,
      l.dueDate,
      l.invoiceAmount,
      l.id,
    ]),
  )
  return csvLine(RUN_COLUMNS) + rows.join('')
}

export const exportRunLines = (store: DeskStore, name: string): string => runLinesCsv(runNamed(store, name))
