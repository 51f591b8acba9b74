import type { WriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { exportError, openExportTemp } from '../export-file'
import { finished } from 'node:stream/promises'
import type { TransactionLeg } from '../../../shared/api/resources'
import { shown } from '../../../shared/text/visible-text'

export const COLUMNS = [
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

export function cells(r: TransactionLeg): Array<string | null> {
  return [r.id, r.created_at, r.direction, r.from.name, r.from.address, r.to.name, r.to.address, r.amount, r.asset, r.fee, r.fee_asset, r.status, r.tx_hash, r.network, r.network_name, r.wallet_id]
}

/**
 * A cell written as it is: no leading formula character, nothing to quote, no white space at either end (`\s` is
 * exactly what trim() removes), no control, format or bidi character. Most cells are; one test for them instead of
 * the rules below.
 */
const PLAIN_CELL = /^(?![=+\-@\s])[^",\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]*(?<!\s)$/u

/**
 * RFC 4180 quoting; untrusted text in its visible form (a label's U+202E as `[U+202E]`, so a spreadsheet cannot
 * show "Maria K live"); a leading formula character is defused so a spreadsheet shows text, not a formula.
 */
export function csvCell(raw: string | null): string {
  if (raw === null) return ''
  if (PLAIN_CELL.test(raw)) return raw
  const value = shown(raw)
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function csvLine(values: ReadonlyArray<string | null>): string {
  // Concatenated rather than map().join(): a hundred thousand rows are written in half the time.
  let line = values.length > 0 ? csvCell(values[0]!) : ''
  for (let i = 1; i < values.length; i++) line += ',' + csvCell(values[i]!)
  return line + '\r\n'
}

export interface ExportProgress {
  rows: number
  pages: number
  done: boolean
}

/**
 * Writes a header and then page after page of rows, reporting progress after each page; stops between pages when
 * `signal` aborts. Written to a temporary file and renamed at the end, so a cancelled or failed export leaves
 * nothing behind.
 */
export async function writeCsvExport(
  path: string,
  header: readonly string[],
  source: AsyncIterable<Array<Array<string | null>>>,
  signal: AbortSignal,
  onProgress: (p: ExportProgress) => void,
): Promise<{ rows: number; cancelled: boolean }> {
  const { temp, file } = await openExportTemp(path)
  const out = file.createWriteStream()
  // Kept as a value, not thrown at random: a failed stream is reported by the next write or by the close.
  let failure: Error | null = null
  out.on('error', (err) => (failure ??= err))
  const write = async (text: string) => {
    if (failure) throw failure
    if (!out.write(text)) await drainedOrClosed(out)
  }
  const close = async () => {
    // Let writes still in flight finish before the file is renamed or removed.
    if (!out.closed) await finished(out.end()).catch(() => undefined)
    if (failure) throw failure
  }
  let rows = 0
  let pages = 0
  try {
    await write(csvLine(header))
    onProgress({ rows, pages, done: false })
    for await (const page of source) {
      // One write per page: a page of a few thousand lines is small, and a write per line cost more than the lines.
      let text = ''
      for (const row of page) text += csvLine(row)
      await write(text)
      rows += page.length
      pages++
      onProgress({ rows, pages, done: false })
      if (signal.aborted) break
    }
    await close()
    if (signal.aborted) {
      await rm(temp, { force: true })
      onProgress({ rows, pages, done: true })
      return { rows, cancelled: true }
    }
    await rename(temp, path)
    onProgress({ rows, pages, done: true })
    return { rows, cancelled: false }
  } catch (err) {
    await close().catch(() => undefined)
    await rm(temp, { force: true })
    if (signal.aborted) {
      onProgress({ rows, pages, done: true })
      return { rows, cancelled: true }
    }
    throw exportError(err, path)
  }
}

/** Resolves when the stream can take more, or has closed (its error is then reported by the caller). */
function drainedOrClosed(out: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done)
      out.off('close', done)
      resolve()
    }
    out.on('drain', done)
    out.on('close', done)
  })
}
