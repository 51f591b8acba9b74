import { nodeIo } from './node-io'
import { runCli } from './run-cli'

// Entry point of the `payout-desk` command (bundled to out/cli/payout-desk.mjs).
process.exitCode = await runCli(process.argv.slice(2), nodeIo())
