import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { openSync } from 'node:fs'
import { ReadStream } from 'node:tty'

/** What the shell in the pty prints first: its pid (sleep's, after exec) and the pty's path. */
const NAMED = /(\d+) (\/dev\/pts\/\d+)\r?\n/

/**
 * A real pseudo-terminal as this process's stdin, so code that reads `process.stdin` runs in-process (and is
 * measured) against the kernel's line discipline: canonical lines with echo, raw mode for hidden entry.
 * util-linux `script` owns the pty; its shell prints its pid and the pty's path, then sleeps, and this process opens
 * that path.
 * What is typed goes in through `script`'s stdin; what the terminal echoes comes back as `screen`.
 */
export class PtyStdin {
  private echoed = ''
  private original: PropertyDescriptor | undefined
  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly sleeper: number,
    readonly stream: ReadStream,
  ) {}

  static async open(): Promise<PtyStdin> {
    const child = spawn('script', ['--quiet', '--command', 'echo $$ $(tty); exec sleep 600', '/dev/null'], {
      env: { ...process.env, TERM: 'dumb' },
    })
    let shown = ''
    const [pid, path] = await new Promise<[string, string]>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        shown += chunk.toString('utf8')
        const found = NAMED.exec(shown)
        if (found) resolve([found[1]!, found[2]!])
      })
      child.once('close', (code) => reject(new Error(`script ended (${code}) before naming its terminal: ${shown}`)))
    })
    const pty = new PtyStdin(child, Number(pid), new ReadStream(openSync(path, 'r+')))
    child.stdout.on('data', (chunk: Buffer) => (pty.echoed += chunk.toString('utf8')))
    return pty
  }

  /** Makes this terminal `process.stdin` until `close()`. */
  install(): void {
    this.original ??= Object.getOwnPropertyDescriptor(process, 'stdin')
    Object.defineProperty(process, 'stdin', {
      value: this.stream,
      configurable: true,
      enumerable: true,
      writable: false,
    })
  }

  /** Keys pressed on the terminal, as they are (`\r` is Enter). */
  press(keys: string): void {
    this.child.stdin.write(keys)
  }

  /** What the terminal echoed since it opened, CRLF read as LF. */
  get screen(): string {
    return this.echoed.replaceAll('\r\n', '\n')
  }

  /** Restores the process's own stdin, and ends the terminal. */
  async close(): Promise<void> {
    if (this.original) Object.defineProperty(process, 'stdin', this.original)
    this.stream.destroy()
    if (this.child.exitCode !== null || this.child.signalCode !== null) return
    const closed = new Promise((resolve) => this.child.once('close', resolve))
    // Ending the shell's sleep ends `script` at once (a signal to `script` itself waits a while for its child).
    process.kill(this.sleeper)
    await closed
  }
}
