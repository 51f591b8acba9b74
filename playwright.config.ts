import { defineConfig } from '@playwright/test'

/** End-to-end: the built renderer in Debian's Chromium, with `window.desk` bound to the real core in the test process. */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/artifacts',
  globalSetup: './test/harness/e2e-global-setup.ts',
  // One worker: two (one per core) took two thirds of the time but twice in six runs a quick start hung or the shared
  // keyring daemon aborted under the load; a suite that fails by chance costs more than the minute and a half.
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1360, height: 860 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'off',
    permissions: ['clipboard-read', 'clipboard-write'],
  },
})
