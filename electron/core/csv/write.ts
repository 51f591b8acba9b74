import type { WriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { finished } from 'node:stream/promises'
import { exportError, openExportTemp, writeAtomically } from '../export-file'
import { csvLine } from './cell'

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

const CHUNK_CHARS = 1 << 20

/** Lines joined into pieces of about a megabyte, so a large CSV is written in few calls without holding it whole. */
export function* csvChunks(lines: Iterable<string>): Generator<string> {
  let chunk = ''
  for (const line of lines) {
    chunk += line
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk
      chunk = ''
    }
  }
  if (chunk) yield chunk
}

/**
 * Writes CSV lines to a temporary file and renames it into place, so a failed or interrupted export never leaves half
 * a file under the name asked for. Owner-only: it holds the history.
 */
export async function writeCsvFile(path: string, lines: Iterable<string>): Promise<void> {
  // Each chunk is awaited, so the main process keeps answering the screens between them.
  await writeAtomically(path, async (file) => {
    for (const chunk of csvChunks(lines)) await file.write(chunk)
  })
}
