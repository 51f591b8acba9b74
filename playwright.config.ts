import { defineConfig } from '@playwright/test'

/** End-to-end: the built renderer in Debian's Chromium, with `window.desk` bound to the real core in the test process. */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/artifacts',
  globalSetup: './test/harness/e2e-global-setup.ts',
  // Three workers, each with a keychain of its own (the worker fixture `keychain`): a test mostly waits (follow
  // intervals, notice timers, the simulator), so two left the cores a third idle (2 cores: 180 s with two, 150 s with
  // three, 143 s with four). Quick start steps have deadlines, and D-Bus replaces an aborted keyring daemon.
  workers: 3,
  // Tests, not files, are shared out: every test starts from its own core, data directory and reset simulator, so none
  // waits on another, and one long file (the axe visits of test/e2e/a11y.spec.ts) no longer leaves a worker idle.
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1360, height: 860 },
    launchOptions: {
      // Debian's build of Chromium's headless shell: the same Blink as /usr/bin/chromium without the browser around it,
      // which cost the suite a fifth of its e2e time. PAYOUT_DESK_CHROMIUM=/usr/bin/chromium runs the full browser.
      executablePath: process.env.PAYOUT_DESK_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
    permissions: ['clipboard-read', 'clipboard-write'],
  },
})
