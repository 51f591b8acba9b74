import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The command as installed (its bundle, built by the suite's global setup): a third of the start-up of the sources
// under tsx.
const BIN = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'bin', 'payout-desk.js')

/** One argument quoted for the shell `script -c` hands the command to. */
const shellQuote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`

/**
 * `payout-desk` on a real pseudo-terminal (util-linux `script`), as a person runs it: stdin is a TTY with
 * the kernel's line discipline (echo, canonical lines, raw mode for hidden entry), nothing faked. What the
 * person types goes through the pty; everything the command writes (stdout and stderr) comes back as one screen.
 */
export class PtyCli {
  private screen = ''
  private readonly child: ChildProcessWithoutNullStreams
  private readonly exited: Promise<number>
  private readonly waiters = new Set<() => void>()

  constructor(home: string, args: readonly string[]) {
    const command = [process.execPath, BIN, '--home', home, ...args].map(shellQuote).join(' ')
    this.child = spawn('script', ['--quiet', '--return', '--command', command, '/dev/null'], {
      env: { ...process.env, TERM: 'dumb' },
    })
    const take = (chunk: Buffer) => {
      this.screen += chunk.toString('utf8')
      for (const wake of this.waiters) wake()
    }
    this.child.stdout.on('data', take)
    this.child.stderr.on('data', take)
    this.exited = new Promise((resolve) => this.child.once('close', (code) => resolve(code ?? -1)))
  }

  /** Everything shown on the terminal so far, with the pty's CRLF turned back into LF. */
  get output(): string {
    return this.screen.replaceAll('\r\n', '\n')
  }

  /** Resolves once the terminal shows `text`; rejects if the command ends first. */
  async waitFor(text: string | RegExp): Promise<void> {
    const shown = () => (typeof text === 'string' ? this.output.includes(text) : text.test(this.output))
    if (shown()) return
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        if (!shown()) return
        this.waiters.delete(wake)
        resolve()
      }
      this.waiters.add(wake)
      void this.exited.then((code) => {
        if (shown()) return resolve()
        reject(
          new Error(`payout-desk exited (${code}) before showing ${String(text)}; the screen was:\n${this.output}`),
        )
      })
    })
  }

  /** Types a line and presses Enter. */
  type(line: string): void {
    this.child.stdin.write(`${line}\r`)
  }

  /** The exit code of the command. */
  exit(): Promise<number> {
    return this.exited
  }
}
