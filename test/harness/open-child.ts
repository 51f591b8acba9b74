/**
 * Opens profile databases the moment it is told to, as another process starting on the same profile would.
 * Prints "ready" once loaded; then for each line `<time> <file>` on stdin (a time in epoch ms: lines arrive at each
 * process at different times, a clock is the same for all) opens and closes the file at that moment and prints
 * "opened" or the error. One process serves every round, so a test pays its start once.
 * Run: node --import tsx open-child.ts
 */
import { createInterface } from 'node:readline'
import { openDatabase } from '../../electron/core/store/database'
import { DeskError } from '../../electron/core/errors'

process.stdout.write('ready\n')
for await (const line of createInterface({ input: process.stdin })) {
  const [at, file] = line.split(' ') as [string, string]
  // A timer to near the moment, then a spin: a timer fires up to a few milliseconds late, a spin of the whole wait
  // burnt four processes' CPU each round.
  await new Promise((resolve) => setTimeout(resolve, Number(at) - Date.now() - 20))
  while (Date.now() < Number(at));
  try {
    openDatabase(file).close()
    process.stdout.write('opened\n')
  } catch (err) {
    process.stdout.write(`${err instanceof DeskError ? err.code : 'error'}: ${(err as Error).message}\n`)
  }
}
