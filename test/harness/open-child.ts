/**
 * Opens a profile database the moment it is told to, as another process starting on the same profile would.
 * Prints "ready" once loaded, reads a time (epoch ms) on stdin and opens and closes the file at that moment (lines
 * arrive at each process at different times; a clock is the same for all), then prints "opened" or the error.
 * Run: node --import tsx open-child.ts <file>
 */
import { createInterface } from 'node:readline'
import { openDatabase } from '../../electron/core/store/database'
import { DeskError } from '../../electron/core/errors'

process.stdout.write('ready\n')
const at = await new Promise<number>((resolve) =>
  createInterface({ input: process.stdin }).once('line', (line) => resolve(Number(line))),
)
while (Date.now() < at); // a spin, not a timer: a timer fires up to a few milliseconds late
try {
  openDatabase(process.argv[2]!).close()
  process.stdout.write('opened\n')
} catch (err) {
  process.stdout.write(`${err instanceof DeskError ? err.code : 'error'}: ${(err as Error).message}\n`)
}
