import type { Counterparty } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import { csvLine } from '../csv/cell'
import { writeCsvExport, type ExportProgress } from '../csv/write'
import { BOOK_COLUMNS, bookCells } from './book-columns'

/** The whole destination book, as the provider lists it now, to CSV: every field, each cell through csvCell. */
export async function exportBook(
  client: Pick<ApiClient, 'listCounterparties'>,
  path: string,
  signal: AbortSignal,
  onProgress: (p: ExportProgress) => void = () => undefined,
): Promise<{ rows: number; cancelled: boolean }> {
  const book = await client.listCounterparties({ signal })
  async function* pages(): AsyncGenerator<Array<Array<string | null>>> {
    if (book.length > 0) yield book.map(bookCells)
  }
  return writeCsvExport(path, BOOK_COLUMNS, pages(), signal, onProgress)
}

/** The same file as text, for a terminal or a pipe. */
export function bookCsv(book: readonly Counterparty[]): string {
  return csvLine(BOOK_COLUMNS) + book.map((c) => csvLine(bookCells(c))).join('')
}
