import { mkdirSync } from 'node:fs'
import { open, readFile, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * An append-only JSON-lines file where every append is fsynced before it resolves.
 * A crash can leave a torn last line; opening cuts it off, because nothing it described
 * was ever acted on (actions follow the fsync).
 */
export class Journal {
  private chain: Promise<void> = Promise.resolve()

  private constructor(
    readonly file: string,
    private readonly handle: FileHandle,
  ) {}

  static async open(file: string): Promise<{ journal: Journal; records: unknown[] }> {
    mkdirSync(dirname(file), { recursive: true })
    let text = ''
    try {
      text = await readFile(file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
    const handle = await open(file, 'a+', 0o600)
    const complete = text.endsWith('\n') || text.length === 0 ? text : text.slice(0, text.lastIndexOf('\n') + 1)
    if (complete.length !== text.length) {
      await handle.truncate(Buffer.byteLength(complete))
      await handle.sync()
    }
    if (text.length === 0) await syncDir(dirname(file))
    const records: unknown[] = []
    for (const line of complete.split('\n')) {
      if (!line) continue
      try {
        records.push(JSON.parse(line))
      } catch {
        // a line damaged some other way is skipped, not fatal: the rest of the history still counts
      }
    }
    return { journal: new Journal(file, handle), records }
  }

  /** Resolves once the record is on disk. Appends are written in call order. */
  append(record: unknown): Promise<void> {
    const text = JSON.stringify(record) + '\n'
    const run = this.chain.then(async () => {
      await this.handle.write(text)
      await this.handle.sync()
    })
    this.chain = run.catch(() => undefined)
    return run
  }

  async close(): Promise<void> {
    await this.chain
    await this.handle.close()
  }
}

async function syncDir(dir: string): Promise<void> {
  try {
    const h = await open(dir, 'r')
    try {
      await h.sync()
    } finally {
      await h.close()
    }
  } catch {
    // some filesystems refuse fsync on a directory; the file's own fsync still holds
  }
}
