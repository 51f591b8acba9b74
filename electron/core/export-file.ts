import { constants } from 'node:fs'
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import { diskError } from './disk-error'
import { DeskError } from './errors'

/**
 * Opens `OUT.part`, the file an export is written to before it is renamed to OUT, only when nothing
 * is there: a file or a link planted under that name is never followed or overwritten (O_EXCL, O_NOFOLLOW).
 * Owner-only: an export holds the history.
 */
export async function openExportTemp(path: string): Promise<{ temp: string; file: FileHandle }> {
  const temp = `${path}.part`
  try {
    if ((await stat(path).catch(() => null))?.isDirectory())
      throw Object.assign(new Error(`${path} is a folder`), { code: 'EISDIR' })
    // O_NOFOLLOW does not exist on Windows; O_EXCL alone already refuses an existing link there.
    const file = await open(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
      0o600,
    )
    return { temp, file }
  } catch (err) {
    throw exportError(err, path)
  }
}

/** A failed export as the person can act on it, naming the file. */
export function exportError(err: unknown, path: string): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code
  let out: DeskError | null = null
  if (code === 'EEXIST') {
    out = new DeskError(
      'invalid_input',
      `Could not write the export: ${path}.part already exists (an export that did not finish, or a file ` +
        `someone else put there). Nothing was written; remove it or choose another name.`,
    )
  } else if (code === 'EISDIR') {
    out = new DeskError(
      'invalid_input',
      `Could not write the export: ${path} is a folder. Give a file name, e.g. ` +
        `${path.replace(/[\\/]+$/, '')}/export.csv.`,
    )
  } else if (code === 'ENOENT' || code === 'ENOTDIR') {
    out = new DeskError(
      'invalid_input',
      `Could not write the export: the folder of ${path} does not exist. Choose another place to save it.`,
    )
  }
  if (!out) return diskError(err, path, 'write the export') ?? err
  out.cause = err
  return out
}

/**
 * Writes a file the way every export is written: to OUT.part, synced, then renamed to OUT; on any failure the part
 * file is removed and the error names OUT.
 */
export async function writeAtomically(path: string, write: (file: FileHandle) => Promise<void>): Promise<void> {
  const { temp, file } = await openExportTemp(path)
  try {
    await write(file)
    await file.sync()
    await file.close()
    await rename(temp, path)
  } catch (err) {
    await file.close().catch(() => undefined)
    await rm(temp, { force: true })
    throw exportError(err, path)
  }
}

/** Writes a whole file (a receipt PDF) at once. */
export const writeExportFile = (path: string, bytes: Uint8Array): Promise<void> =>
  writeAtomically(path, async (file) => void (await file.write(bytes)))
