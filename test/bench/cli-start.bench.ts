import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'payout-desk.js')

/** Median milliseconds of `run` over `n` runs. */
function median(n: number, run: () => void): number {
  const times = Array.from({ length: n }, () => {
    const t0 = performance.now()
    run()
    return performance.now() - t0
  }).sort((a, b) => a - b)
  return Math.round(times[Math.floor(n / 2)]!)
}

/**
 * How long `payout-desk` takes to start and answer, the cost every command and every connector an MCP host starts
 * pays first: a command loads only the chunks it needs (the connector's MCP SDK, a receipt's PDFKit, the demo's
 * server stay out of the others).
 */
export default async function cliStartBench(): Promise<Record<string, number>> {
  const help = () => {
    const r = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`payout-desk --help failed: ${r.stderr}`)
  }
  help() // builds the bundle when it is stale
  return { cli_help_start_ms: median(15, help) }
}
