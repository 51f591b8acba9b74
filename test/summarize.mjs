// Adds up every runner of `npm test` into one closing line: "N passed, N failed", with vitest's coverage on the line above it.
import { existsSync, readFileSync } from 'node:fs'

const steps = readFileSync('reports/steps.txt', 'utf8')
  .trim()
  .split('\n')
  .map((l) => l.split(' '))
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
console.log(coverageLine(read('reports/coverage/coverage-summary.json')))
console.log(`${passed} passed, ${failed} failed`)
process.exitCode = failed > 0 ? 1 : 0

/** "coverage: lines 91.2% · statements … · functions … · branches …" of electron/** and shared/**, from vitest's V8 coverage. */
function coverageLine(summary) {
  if (!summary) return 'coverage: none (vitest wrote no coverage summary)'
  const pct = (key) => `${summary.total[key].pct.toFixed(1)}%`
  return `coverage: lines ${pct('lines')} · statements ${pct('statements')} · functions ${pct('functions')} · branches ${pct('branches')} (electron/**, shared/**)`
}
