import { readFileSync, readdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

const TESTS = ['test/{unit,integration}/**/*.test.ts']
// What a test file can leave behind in its worker: mocked modules, fake timers (a later file's intervals never fire),
// a changed environment or working directory, spies on shared objects.
const LEAVES_STATE =
  /vi\.(mock|doMock|unmock|useFakeTimers|stubEnv|stubGlobal|spyOn|resetModules)\b|process\.env\.\w+ *=[^=]|delete process\.env|process\.chdir/
const leavingState = ['test/unit', 'test/integration'].flatMap((dir) =>
  readdirSync(join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => join(dir, file))
    .filter((path) => path.endsWith('.test.ts') && LEAVES_STATE.test(readFileSync(path, 'utf8'))),
)

export default defineConfig({
  // Renderer modules under test reach shared/ as the app build does.
  resolve: { alias: { '@shared': resolve(import.meta.dirname, 'shared') } },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One file more than cores: files wait on the simulator, child processes and the keychain, and with one per core
    // the cores stood a third idle (2 cores: 171 s with two, 141 s with three, 139 s with four). Set here, not with
    // --maxWorkers: the projects below take the root's setting and ignore the command line's.
    maxWorkers: availableParallelism() + 1,
    // Two files at once shared one keyring daemon and now and then met keychain_unavailable: each slot has its own.
    // The CLI bundle is built once, before the files that start it (test/harness/vitest-cli-bundle.ts), and so are
    // the harness's child scripts (test/harness/ts-child.ts).
    globalSetup: [
      'test/harness/vitest-keychains.ts',
      'test/harness/vitest-cli-bundle.ts',
      'test/harness/vitest-child-bundles.ts',
    ],
    setupFiles: ['test/harness/vitest-worker-keychain.ts', 'test/harness/vitest-worker-children.ts'],
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    // Importing the app's modules for each file cost more than most files' tests: the files that leave nothing behind
    // share their worker's modules, the rest get a fresh one each. (No include above: the projects would add to it.)
    projects: [
      { extends: true, test: { name: 'shared', include: TESTS, exclude: leavingState, isolate: false } },
      { extends: true, test: { name: 'isolated', include: leavingState, isolate: true } },
    ],
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
