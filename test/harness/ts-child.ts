import { basename, join } from 'node:path'

/** Set in each vitest worker (test/harness/vitest-child-bundles.ts): the folder holding this run's child bundles. */
export const CHILD_BUNDLES_ENV = 'PAYOUT_DESK_CHILD_BUNDLES'

/** The scripts under test/harness that tests run as processes of their own. */
export const CHILD_SCRIPT = /^(.+-child|soak-worker)\.ts$/

/**
 * Node's arguments that run `script` (a harness child, e.g. open-child.ts) in a process: its bundle, built once for
 * the vitest run, else (a bench) through tsx. Under tsx each start compiled the app's modules one by one: 1.0 CPU-s
 * against 0.35 for the bundle.
 */
export function tsChild(script: string): string[] {
  const dir = process.env[CHILD_BUNDLES_ENV]
  return dir ? [join(dir, `${basename(script, '.ts')}.mjs`)] : ['--import', 'tsx', script]
}
