import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { diskError } from '../disk-error'

/** Writes a file so readers see either the old or the new content: temp file, fsync, rename, fsync the folder. */
export async function writeFileAtomic(path: string, content: string, mode = 0o600): Promise<void> {
  try {
    await writeAtomically(path, content, mode)
  } catch (err) {
    throw diskError(err, path, 'save the file') ?? err
  }
}

async function writeAtomically(path: string, content: string, mode: number): Promise<void> {
  const dir = dirname(path)
  await mkdir(dir, { recursive: true })
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    // 'wx': a file or link already under the temp name is never followed or overwritten.
    const fh = await open(temp, 'wx', mode)
    try {
      await fh.writeFile(content, 'utf8')
      await fh.sync()
    } finally {
      await fh.close()
    }
    await rename(temp, path)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
  }
  await syncDir(dir)
}

async function syncDir(dir: string): Promise<void> {
  // Makes the rename itself durable; some platforms (Windows) cannot open a folder, which is fine to skip.
  try {
    const fh = await open(dir, 'r')
    try {
      await fh.sync()
    } finally {
      await fh.close()
    }
  } catch {
    return
  }
}
