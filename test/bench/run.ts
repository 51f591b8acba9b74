/** Runs every test/bench/*.bench.ts in turn and writes their figures as one JSON object. */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const only = process.argv.slice(2)
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort()
const out = join(here, '..', '..', 'bench-results.json')
// A partial run (`npm run bench -- soak`) keeps the other benches' figures from the last full run.
const results: Record<string, number> = only.length > 0 && existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : {}
const fresh: Record<string, number> = {}
for (const file of files) {
  const started = Date.now()
  process.stderr.write(`bench ${file} ...\n`)
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: () => Promise<Record<string, number>> }
  Object.assign(fresh, await mod.default())
  process.stderr.write(`bench ${file} done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
}
Object.assign(results, fresh)
writeFileSync(out, JSON.stringify(results, null, 2) + '\n')
const width = Math.max(...Object.keys(results).map((k) => k.length))
for (const [k, v] of Object.entries(fresh)) console.log(`${k.padEnd(width)}  ${Number.isInteger(v) ? v : v.toFixed(3)}`)
console.log(`wrote ${out}`)
process.exit(0)
