import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Renderer modules under test reach shared/ as the app build does.
  resolve: { alias: { '@shared': resolve(import.meta.dirname, 'shared') } },
  test: {
    include: ['test/{unit,integration}/**/*.test.ts'],
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
