import { createInterface } from 'node:readline'
import type { CliIo } from './cli-context'

/** The real terminal: stdout for results, stderr for prompts and errors. */
export function nodeIo(): CliIo {
  return {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(text.endsWith(' ') ? text : `${text}\n`),
    stdinIsTty: process.stdin.isTTY === true,
    async readStdin() {
      const chunks: Buffer[] = []
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks).toString('utf8')
    },
    readLine() {
      const rl = createInterface({ input: process.stdin, terminal: false })
      // Resolved before close: closing emits 'close' at once, whose '' (stdin ended) must not win over the typed line.
      return new Promise((resolve) => {
        rl.once('close', () => resolve(''))
        rl.once('line', (line) => {
          resolve(line)
          rl.close()
        })
      })
    },
    readHiddenLine,
  }
}

/**
 * Asks for a line and reads it in raw mode so a pasted secret never appears on screen or in the scrollback. Echo is
 * off before the prompt is written: a paste the moment the prompt shows would otherwise be echoed by the terminal.
 */
function readHiddenLine(prompt: string): Promise<string> {
  const stdin = process.stdin
  return new Promise((resolve, reject) => {
    let line = ''
    const done = (err?: Error) => {
      stdin.setRawMode(false)
      stdin.pause()
      stdin.off('data', onData)
      process.stderr.write('\n')
      if (err) reject(err)
      else resolve(line)
    }
    const onData = (data: Buffer) => {
      for (const ch of data.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done()
        if (ch === '\u0003') return done(new Error('Cancelled.'))
        if (ch === '\u007f' || ch === '\b') line = line.slice(0, -1)
        else line += ch
      }
    }
    stdin.setRawMode(true)
    process.stderr.write(prompt)
    stdin.resume()
    stdin.on('data', onData)
  })
}
