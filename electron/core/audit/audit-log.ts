import { mkdirSync } from 'node:fs'
import { appendFile, open, stat } from 'node:fs/promises'
import { dirname } from 'node:path'

/** One HTTP attempt as the audit log keeps it. Never a signature, a key or a body. */
export interface AuditLine {
  at: string
  method: string
  path: string
  status: number | null
  errorCode: string | null
  requestId: string | null
  idempotencyKey: string | null
}

export interface AuditSink {
  record(line: AuditLine): void
}

/** The query's `_request_id` is noise for a reader and differs per attempt, so the log leaves it out. */
export function auditPath(pathWithQuery: string): string {
  const q = pathWithQuery.indexOf('?')
  if (q < 0) return pathWithQuery
  const params = new URLSearchParams(pathWithQuery.slice(q + 1))
  params.delete('_request_id')
  const rest = params.toString()
  return rest ? `${pathWithQuery.slice(0, q)}?${rest}` : pathWithQuery.slice(0, q)
}

const TAIL_BYTES = 1024 * 1024

/** Per-profile JSON-lines file of every attempt, appended in order. */
export class AuditLog implements AuditSink {
  private chain: Promise<void> = Promise.resolve()

  constructor(readonly file: string) {
    mkdirSync(dirname(file), { recursive: true })
  }

  record(line: AuditLine): void {
    const text = JSON.stringify(line) + '\n'
    this.chain = this.chain.then(() => appendFile(this.file, text, { mode: 0o600 })).catch(() => undefined)
  }

  /** Resolves once every line recorded so far is on disk. */
  flush(): Promise<void> {
    return this.chain
  }

  /** The last `limit` lines, oldest first. */
  async tail(limit: number): Promise<AuditLine[]> {
    await this.flush()
    let size: number
    try {
      size = (await stat(this.file)).size
    } catch {
      return []
    }
    const start = Math.max(0, size - TAIL_BYTES)
    const handle = await open(this.file, 'r')
    try {
      const buffer = Buffer.alloc(size - start)
      await handle.read(buffer, 0, buffer.length, start)
      const lines = buffer.toString('utf8').split('\n')
      if (start > 0) lines.shift()
      const parsed: AuditLine[] = []
      for (const text of lines) {
        if (!text) continue
        try {
          parsed.push(JSON.parse(text) as AuditLine)
        } catch {
          // a torn last line after a crash carries nothing worth showing
        }
      }
      return parsed.slice(-limit)
    } finally {
      await handle.close()
    }
  }
}
