import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DeskError } from '../errors'

/**
 * Writes a pack's files into `dir` (made when missing). A folder holding other files is refused, so the manifest
 * lists every other file in it; files of the same names are replaced.
 */
export async function writePackFolder(dir: string, files: ReadonlyArray<{ name: string; bytes: Uint8Array }>) {
  await mkdir(dir, { recursive: true })
  const names = new Set(files.map((f) => f.name))
  const others = (await readdir(dir)).filter((n) => !names.has(n))
  if (others.length > 0)
    throw new DeskError(
      'invalid_input',
      `${dir} holds other files (${others.slice(0, 5).join(', ')}): choose an empty folder for the pack.`,
    )
  for (const f of files) await writeFile(join(dir, f.name), f.bytes)
  return files.length
}
