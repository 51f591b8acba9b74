import { rename, rm } from 'node:fs/promises'
import { exportError, openExportTemp } from '../export-file'

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
 * Writes the CSV to a temporary file and renames it into place, so a failed or interrupted
 * export never leaves half a file under the name asked for. Owner-only: it holds the history.
 * A failure is said as the disk condition it is (full, read-only, no permission), naming the file.
 */
export async function writeCsvFile(path: string, lines: Iterable<string>): Promise<void> {
  const { temp, file } = await openExportTemp(path)
  try {
    // Each chunk is awaited, so the main process keeps answering the screens between them.
    for (const chunk of csvChunks(lines)) await file.write(chunk)
    await file.sync()
    await file.close()
    await rename(temp, path)
  } catch (err) {
    await file.close().catch(() => undefined)
    await rm(temp, { force: true })
    throw exportError(err, path)
  }
}
