// npm run test:repeat -- N [--busy [K]]: runs the whole `npm test` (static checks, vitest, build, e2e: test/run-all.sh)
// N times in a row and says which tests and checks failed in which run. A test that fails once in N runs is flaky;
// this is how to find it before CI does. --busy K keeps K spinners per core beside the runs, the way a loaded machine
// would (--busy alone: one per core; one spinner in all left a core free, which hid what starvation shows; K = 4 is a
// workstation during a video call and a build). Each run's reports, its closing line and its time stay under
// reports/repeat/<start>/run-<i>/.
import { spawn } from 'node:child_process'
import { copyFileSync, createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const busyAt = args.indexOf('--busy')
const busyCount = busyAt >= 0 && /^\d+$/.test(args[busyAt + 1] ?? '') ? args[busyAt + 1] : null
const busy = busyAt < 0 ? 0 : Number(busyCount ?? 1)
const runs = Number(args.find((a, i) => !a.startsWith('--') && !(busyCount !== null && i === busyAt + 1)) ?? 1)
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(busy)) {
  console.error(
    'usage: npm run test:repeat -- N [--busy [K]]   (N: how many times to run npm test, at least 1; K: spinners per core, 1 unless given)',
  )
  process.exit(2)
}

const outDir = join(ROOT, 'reports', 'repeat', new Date().toISOString().replace(/[:.]/g, '-'))
mkdirSync(outDir, { recursive: true })

/** Runs a command with its output in `log`; resolves with its exit code. */
function run(command, commandArgs, log, env = {}) {
  return new Promise((done) => {
    const out = createWriteStream(log)
    const child = spawn(command, commandArgs, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.pipe(out, { end: false })
    child.stderr.pipe(out, { end: false })
    child.on('close', (code) => out.end(() => done(code ?? 1)))
  })
}

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null)

/** Failed tests in vitest's JSON report, as "file > full name". */
function vitestFailures(report) {
  const failed = []
  for (const file of report.testResults) {
    const name = file.name.replace(`${ROOT}/`, '')
    const tests = file.assertionResults.filter((t) => t.status === 'failed')
    for (const t of tests) failed.push(`${name} > ${t.fullName}`)
    // A file that failed to load or in a hook has no failed test of its own.
    if (file.status === 'failed' && tests.length === 0)
      failed.push(`${name} (file: ${String(file.message).split('\n')[0]})`)
  }
  return failed
}

/** Failed tests in Playwright's JSON report; "flaky" (passed on a retry) counts as failed too. */
function playwrightFailures(report) {
  const failed = []
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests)
        if (t.status === 'unexpected' || t.status === 'flaky') failed.push(`${spec.file}:${spec.line} > ${spec.title}`)
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites) walk(suite)
  for (const e of report.errors ?? []) failed.push(`(e2e run error: ${String(e.message).split('\n')[0]})`)
  return failed
}

const spinners = []
if (busy > 0) {
  for (let i = 0; i < busy * availableParallelism(); i++) {
    const spinner = spawn('yes', { stdio: ['ignore', 'ignore', 'ignore'] })
    // However this script ends, the spinners end with it; unreferenced, they do not keep this script alive either
    // (a referenced child did: the script never reached its exit and the spinner outlived it).
    spinner.unref()
    spinners.push(spinner)
  }
  process.on('exit', () => spinners.forEach((s) => s.kill()))
  console.log(
    `${availableParallelism()} core(s) kept busy by ${spinners.length} yes (${busy} per core; pids ${spinners.map((s) => s.pid).join(', ')})`,
  )
}

/** test name → runs it failed in. */
const failures = new Map()
const summary = []
for (let i = 1; i <= runs; i++) {
  const dir = join(outDir, `run-${i}`)
  mkdirSync(dir)
  const started = Date.now()
  const log = join(dir, 'npm-test.log')
  const code = await run('bash', ['test/run-all.sh'], log)
  for (const file of ['vitest.json', 'playwright.json', 'steps.txt'])
    if (existsSync(join(ROOT, 'reports', file))) copyFileSync(join(ROOT, 'reports', file), join(dir, file))
  const lines = readFileSync(log, 'utf8').trim().split('\n')
  const closing = lines.at(-1) ?? ''
  const times = lines.findLast((l) => l.startsWith('time: ')) ?? ''
  const e2eJson = join(dir, 'playwright.json')
  const vitest = read(join(dir, 'vitest.json'))
  const e2e = read(e2eJson)
  const steps = existsSync(join(dir, 'steps.txt')) ? readFileSync(join(dir, 'steps.txt'), 'utf8') : ''
  const outcome = (name) =>
    steps
      .split('\n')
      .find((l) => l.startsWith(`${name} `))
      ?.split(' ')[1]
  const failed = [
    ...['typecheck', 'lint', 'electronegativity', 'build']
      .filter((name) => outcome(name) !== 'pass')
      .map((name) => `(${name} ${outcome(name) ?? 'did not run'}: see ${log})`),
    ...(vitest ? vitestFailures(vitest) : []),
    ...(outcome('vitest') !== 'pass' && (!vitest || vitest.numFailedTests + vitest.numFailedTestSuites === 0)
      ? [`(vitest ${outcome('vitest') ?? 'did not run'}: see ${log})`]
      : []),
    ...(e2e ? playwrightFailures(e2e) : []),
    ...(outcome('e2e') !== 'pass' && (!e2e || e2e.stats.unexpected + e2e.stats.flaky === 0)
      ? [`(e2e ${outcome('e2e') ?? 'did not run'}: see ${log})`]
      : []),
  ]
  if (code !== 0 && failed.length === 0) failed.push(`(npm test exited ${code}: see ${log})`)
  for (const name of failed) failures.set(name, [...(failures.get(name) ?? []), i])
  const seconds = Math.round((Date.now() - started) / 1000)
  const line = `run ${i}/${runs}: "${closing}" (${seconds} s); ${failed.length} failure(s) listed\n  ${times}`
  summary.push(line)
  console.log(line)
  for (const name of failed) console.log(`  FAILED ${name}`)
}

console.log(`\n${summary.join('\n')}`)
if (failures.size === 0) {
  console.log(`no test failed in ${runs} run(s); reports in ${outDir}`)
} else {
  console.log(`\ntests that failed (runs):`)
  for (const [name, inRuns] of failures) console.log(`  ${name}: run ${inRuns.join(', ')} of ${runs}`)
  console.log(`reports in ${outDir}`)
}
for (const s of spinners) s.kill()
process.exitCode = failures.size === 0 ? 0 : 1
