import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface ProjectRoot {
  dir: string
  version: string
}

/**
 * The checkout this code runs from (bundled in out/cli or as source under electron/cli): the folder of our
 * package.json.
 */
export function findProjectRoot(from: string = dirname(fileURLToPath(import.meta.url))): ProjectRoot {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string }
      if (pkg.name === 'payout-desk') return { dir, version: pkg.version ?? '0.0.0' }
    }
    if (dirname(dir) === dir) throw new Error('Cannot find the payout-desk checkout (its package.json) above ' + from)
  }
}
