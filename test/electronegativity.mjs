// Runs @doyensec/electronegativity over the app's own files (not the tests, node_modules or build output) and fails
// on any HIGH or MEDIUM finding that test/electronegativity-allow.json does not justify. The tests run in no window:
// they were a third of the files scanned and gave only LOW findings (a CSP string in glue.test.ts).
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = process.cwd()
const allow = JSON.parse(readFileSync(join(root, 'test/electronegativity-allow.json'), 'utf8'))
const work = mkdtempSync(join(tmpdir(), 'electronegativity-'))
try {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', '.', ':!test/'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean)
  for (const file of files) {
    if (!/\.(ts|tsx|js|mjs|cjs|html|json)$/.test(file)) continue
    mkdirSync(dirname(join(work, file)), { recursive: true })
    try {
      cpSync(join(root, file), join(work, file))
    } catch {
      // a file deleted in the working tree but still tracked: nothing to scan
    }
  }
  const csv = join(work, 'result.csv')
  const version = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version
  const bin = join(root, 'node_modules/.bin/electronegativity')
  const offline = `--import=${pathToFileURL(join(root, 'test/electronegativity-offline.mjs')).href}`
  const env = { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, offline].filter(Boolean).join(' ') }
  // About 7 CPU-seconds (11 when it scanned the tests), but it starts at the lowest priority beside vitest: on a
  // crowded machine it took over 180 s (the old bound, which killed it mid-run); the bound only stops a hang.
  const run = spawnSync(bin, ['-i', work, '-r', '-o', csv, '-e', version], {
    encoding: 'utf8',
    timeout: 1_200_000,
    env,
  })
  if (run.error) throw new Error(`electronegativity did not finish: ${run.error.message}`)
  if (run.status !== 0) throw new Error(`electronegativity failed: ${run.stderr || run.stdout}`)
  // Each row starts: CHECK,"SEVERITY","CONFIDENCE","file","line:col",...; only these leading fields are read.
  const findings = readFileSync(csv, 'utf8')
    .split('\n')
    .map((line) => /^([A-Z0-9_]+),"([A-Z]+)","([A-Z]+)","([^"]*)"/.exec(line))
    .filter(Boolean)
    .map(([, check, severity, , file]) => ({ check, severity, file }))
  const serious = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM')
  const unjustified = serious.filter((f) => !allow[f.check])
  for (const f of serious)
    console.log(`${allow[f.check] ? 'allowed ' : 'FINDING '} ${f.severity.padEnd(7)} ${f.check} ${f.file}`)
  console.log(
    `electronegativity: ${findings.length} findings, ${serious.length} high or medium, ${unjustified.length} not justified`,
  )
  process.exitCode = unjustified.length ? 1 : 0
} finally {
  rmSync(work, { recursive: true, force: true })
}
