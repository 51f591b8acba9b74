import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

const UNIT = 'test/unit'
// A unit file that replaces a module or the environment for its own run keeps a fresh process of its own: in a shared
// one the replacement would reach the files after it.
const REPLACES = /\bvi\.(mock|doMock|stubEnv|stubGlobal|resetModules)\(|process\.env\.\w+\s*=[^=]|delete process\.env/
const unitReplacing = readdirSync(UNIT, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `${UNIT}/${f}`)
  .filter((f) => REPLACES.test(readFileSync(f, 'utf8')))

export default defineConfig({
  // Renderer modules under test reach shared/ as the app build does.
  resolve: { alias: { '@shared': resolve(import.meta.dirname, 'shared') } },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default, one core less than the machine has, ran one file at a time on two cores; the files mostly wait
    // (on the simulator, child processes, the keychain), so two at a time use the cores that sat idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Two files at once shared one keyring daemon and now and then met keychain_unavailable: each slot has its own.
    globalSetup: ['test/harness/vitest-keychains.ts'],
    setupFiles: ['test/harness/vitest-worker-keychain.ts'],
    // Each file in a fresh process re-imported the core for each of them: importing took more time than the tests of
    // most unit files. The unit files that leave nothing behind share their worker's imports; the integration files
    // (simulators, keychains, child processes) and the unit files that replace modules keep a process each.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: [`${UNIT}/**/*.test.ts`], exclude: unitReplacing, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ['test/integration/**/*.test.ts', ...unitReplacing] } },
    ],
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    // On with --coverage (npm test); the summary's closing line reads coverage-summary.json.
    coverage: {
      provider: 'v8',
      include: ['electron/**/*.ts', 'shared/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'reports/coverage',
      // The closing line names the figure even when a test failed (vitest leaves it out by default).
      reportOnFailure: true,
    },
  },
})
