// Adds up every runner of `npm test` into one closing line: "N passed, N failed"; above it each part's time with the
// three slowest e2e files, and vitest's coverage. The times are reported, never enforced.
import { existsSync, readFileSync } from 'node:fs'

const ORDER = ['typecheck', 'lint', 'electronegativity', 'vitest', 'build', 'e2e']
function rank(name) {
  return ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length
}
const steps = readFileSync('reports/steps.txt', 'utf8')
  .trim()
  .split('\n')
  .map((l) => l.split(' '))
  .map(([name, outcome, seconds]) => [name, outcome, Number(seconds ?? 0)])
  // In the order the parts start, whatever order they ended in.
  .sort((a, b) => rank(a[0]) - rank(b[0]))
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null)
let passed = 0
let failed = 0
const rows = []

for (const [name, outcome] of steps) {
  let p = 0
  let f = 0
  const vitest = name === 'vitest' ? read('reports/vitest.json') : null
  const playwright = name === 'e2e' ? read('reports/playwright.json') : null
  if (vitest) {
    p = vitest.numPassedTests
    f = vitest.numFailedTests + (outcome === 'fail' && vitest.numFailedTests === 0 ? 1 : 0)
  } else if (playwright) {
    p = playwright.stats.expected + playwright.stats.flaky
    f = playwright.stats.unexpected + (outcome === 'fail' && playwright.stats.unexpected === 0 ? 1 : 0)
  } else if (outcome === 'pass') {
    p = 1
  } else {
    f = 1
  }
  rows.push(`${name.padEnd(18)} ${String(p).padStart(5)} passed ${String(f).padStart(4)} failed`)
  passed += p
  failed += f
}
console.log('\n' + rows.join('\n'))
console.log(timesLine(steps, read('reports/playwright.json')))
console.log(coverageLine(read('reports/coverage/coverage-summary.json')))
console.log(`${passed} passed, ${failed} failed`)
process.exitCode = failed > 0 ? 1 : 0

/**
 * "coverage: lines 91.2% · statements … · functions … · branches …" of electron/** and shared/**, from vitest's V8
 * coverage.
 */
function coverageLine(summary) {
  if (!summary) return 'coverage: none (vitest wrote no coverage summary)'
  const pct = (key) => `${summary.total[key].pct.toFixed(1)}%`
  return `coverage: lines ${pct('lines')} · statements ${pct('statements')} · functions ${pct('functions')} · branches ${pct('branches')} (electron/**, shared/**)`
}

/** "time: typecheck 41 s · lint 63 s · … · total 512 s; slowest e2e files: a.spec.ts 38 s, …" */
function timesLine(steps, playwright) {
  // The parts overlap (the checks run beside vitest, the build and e2e): run-all.sh writes the run's wall clock.
  const total = existsSync('reports/total-seconds.txt')
    ? Number(readFileSync('reports/total-seconds.txt', 'utf8'))
    : steps.reduce((sum, [, , s]) => sum + s, 0)
  const parts = steps.map(([name, , s]) => `${name} ${s} s`).join(' · ')
  return `time: ${parts} · total ${total} s; slowest e2e files: ${slowestFiles(playwright, 3)}`
}

/** The e2e files whose tests took longest, summed over their tests (workers run files side by side). */
function slowestFiles(report, count) {
  if (!report) return 'none (no e2e report)'
  const perFile = new Map()
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0)
      perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + ms)
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites) walk(suite)
  return [...perFile]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([file, ms]) => `${file} ${Math.round(ms / 1000)} s`)
    .join(', ')
}
