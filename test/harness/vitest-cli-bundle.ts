import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'payout-desk.js')

/**
 * Vitest's global setup: the CLI bundle built once, before any file starts `payout-desk` (the connector, the CLI as a
 * process), so processes started in parallel never all rebuild it, and no file pays for checking it again.
 */
export default function setup(): void {
  const built = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`the CLI did not start: ${built.stderr}`)
}
