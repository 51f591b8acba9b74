#!/usr/bin/env node
// Runs the bundled admin CLI, building it first when the bundle is missing or older than any source file.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bundle = join(root, 'out/cli/payout-desk.mjs')

function newestSource(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path))
    else if (/\.(ts|tsx|mjs|js|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

function isStale() {
  if (!existsSync(bundle)) return true
  const sources = ['electron', 'shared'].map((d) => join(root, d)).filter((d) => existsSync(d))
  // An installed package has no sources beside it: the shipped bundle is what runs.
  if (sources.length === 0) return false
  return Math.max(...sources.map(newestSource)) > statSync(bundle).mtimeMs
}

if (isStale()) {
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-node.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] })
  if (built.status !== 0) {
    process.stderr.write('payout-desk: building the CLI failed (see above).\n')
    process.exit(1)
  }
}

await import(pathToFileURL(bundle).href)
