import { reportBudgetWaits } from './budget-wait-lines'
import { nodeIo } from './node-io'
import { runCli } from './run-cli'

// A reader that stops early (`payout-desk outbox | head`) closes stdout: the rest of the output is not wanted, which
// is no failure. Later writes are dropped and the command still finishes (a batch keeps sending) with its own exit
// code.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED') throw err
})

// Entry point of the `payout-desk` command (bundled to out/cli/payout-desk.mjs). A request waiting for the key's
// budget says so on stderr, whichever command sent it.
const io = nodeIo()
const stopWaitLines = reportBudgetWaits((line) => io.err(line))
process.exitCode = await runCli(process.argv.slice(2), io)
stopWaitLines()
