import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { shown } from '../../../shared/text/visible-text'

/** Where a failure nobody was waiting for is written: an error in the background must leave a trace. */
export interface BackgroundLog {
  error(message: string, detail?: unknown): void
}

export interface RotatingLogOptions {
  /** Rotate once the file passes this size; 1 MiB by default. */
  maxBytes?: number
  /** How many rotated files to keep beside the current one (`.1` newest); 3 by default. */
  keep?: number
  now?: () => Date
}

// Keys, signatures and tokens are long runs of base64 or hex; a log line never carries one.
const LONG_TOKEN = /[A-Za-z0-9+/_=-]{40,}/g

/**
 * A small log file in the data folder, rotated by size: one line per failure with its time, the code and
 * message of the error (never a body, a header or a key). Writing it never throws: a full disk must not
 * turn a logged failure into a new one.
 */
export class RotatingLog implements BackgroundLog {
  private readonly maxBytes: number
  private readonly keep: number
  private readonly now: () => Date

  constructor(
    readonly file: string,
    options: RotatingLogOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 1024 * 1024
    this.keep = options.keep ?? 3
    this.now = options.now ?? (() => new Date())
  }

  error(message: string, detail?: unknown): void {
    this.write('error', message, detail)
  }

  warn(message: string, detail?: unknown): void {
    this.write('warn', message, detail)
  }

  private write(level: string, message: string, detail: unknown): void {
    const line = `${this.now().toISOString()} ${level} ${oneLine(message)}${describe(detail)}\n`
    try {
      mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 })
      if (this.size() + Buffer.byteLength(line) > this.maxBytes) this.rotate()
      appendFileSync(this.file, line, { mode: 0o600 })
    } catch {
      // The log is the last resort; there is nowhere left to report its own failure.
    }
  }

  private size(): number {
    try {
      return statSync(this.file).size
    } catch {
      return 0
    }
  }

  private rotate(): void {
    for (let i = this.keep; i >= 1; i--) {
      const from = i === 1 ? this.file : `${this.file}.${i - 1}`
      try {
        renameSync(from, `${this.file}.${i}`)
      } catch {
        // that generation does not exist yet
      }
    }
  }
}

function describe(detail: unknown): string {
  if (detail === undefined) return ''
  if (detail instanceof Error) {
    const code = (detail as { code?: unknown }).code
    return ` ${typeof code === 'string' ? `${code}: ` : `${detail.name}: `}${oneLine(detail.message)}`
  }
  return ` ${oneLine(String(detail))}`
}

/** One line per entry (a break or an escape in a provider's message is shown as its code), no secret-shaped token. */
function oneLine(text: string): string {
  return shown(text).replace(LONG_TOKEN, '[redacted]')
}
