/**
 * The e2e fixtures. A test asks for `app` (the built renderer in a page, `window.desk` bound to a real core of its own
 * with a fresh data directory) and, for the simulator's console, `sim`. Per worker: one keychain (a private D-Bus with
 * gnome-keyring), one static server for out/renderer, one simulator, reset to its demo data before each test.
 *
 * Start from state, not from clicks: a file that needs the simulator profile says
 *   test.use({ seed: 'simulator' })
 * and its page opens on Wallets with the embedded sandbox profile already made, keyed in the keychain, registered in
 * the simulator's demo workspace and selected (written before the page loads, as the quick start leaves it). Wait for
 * it
 * with `await onWallets(page)` (also after a `page.reload()`). Only the quick start's own tests click through it
 * (`quickStart(page)`, default `seed: 'none'`: the welcome screen).
 *
 * Accessibility is checked once, in test/e2e/a11y.spec.ts (`checkA11y`): functional flows assert behaviour, and a new
 * screen or dialog state adds its visit there.
 */
import { test as base, expect, type Page } from '@playwright/test'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDesk, type Desk } from '../../electron/core/desk'
import type { startSimulator } from '../../electron/simulator'
import { serveStatic, type StaticServer } from './e2e-server'
import { startKeychainBus } from './keychain-bus'

const ROOT = join(import.meta.dirname, '..', '..')

type Simulator = Awaited<ReturnType<typeof startSimulator>>

/** The core under test, with what the shell lent it and where it keeps its data (for other processes on it). */
export type TestDesk = Desk & {
  opened: string[]
  simulator: ReturnType<typeof lazySimulator>
  dataDir: string
  /** Moves the core's clock (outbox times, hold expiry, wait reminders) forward, as `page.clock` moves the page's. */
  fastForward(ms: number): void
}

/** The app's request budget: requests per window of seconds. */
export interface DeskPacing {
  limit: number
  windowSeconds: number
}

export interface App {
  page: Page
  desk: TestDesk
  /** URLs the core asked the shell to open in the system browser. */
  opened: string[]
}

/** Defines `window.desk` in the page over two channels: a binding for invoke, `__deskEmit` for events. */
const BRIDGE_SCRIPT = `(() => {
  const listeners = new Map()
  window.__deskEmit = (event, payload) => { for (const l of listeners.get(event) ?? []) l(payload) }
  window.desk = Object.freeze({
    invoke: (channel, input) => window.__deskInvoke(channel, input),
    on: (event, listener) => {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event).add(listener)
      return () => listeners.get(event).delete(listener)
    },
  })
})()`

/** The worker's simulator, started on first use (tests of the bare shell run without it), reset once per test. */
function lazySimulator(): { get(): Promise<Simulator>; close(): Promise<void> } {
  let started: Promise<Simulator> | null = null
  return {
    get() {
      started ??= import('../../electron/simulator').then((m) =>
        m.startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'demo', quiet: true }),
      )
      return started
    },
    async close() {
      if (started) await (await started).close()
    },
  }
}

/** The worker's simulator as one test sees it: reset to the demo data (and no faults, no keys) at its first use. */
function freshSimulator(worker: ReturnType<typeof lazySimulator>): ReturnType<typeof lazySimulator> {
  let reset: Promise<Simulator> | null = null
  return {
    get() {
      reset ??= worker.get().then(async (sim) => {
        for (const url of [sim.sandbox.url, sim.production.url]) await consolePost(url, '/reset', { seed: 'demo' })
        return sim
      })
      return reset
    },
    // The worker closes it.
    close: async () => undefined,
  }
}

export type Seed = 'none' | 'simulator'

/**
 * What the tests wait on in real time, shortened: retries after a failed request (5 tries of up to 8 s in the app),
 * the follower's turns on a payout (2 s to a minute) and on a batch's rows (5 s to a minute). The order of events
 * and every rule stay the app's; only the waits between them shrink. The follow budget (12 requests a minute) grows
 * with the turns: at 12 a test's follower spent it in its first 15 s and then waited up to 45 s for the minute to
 * pass, longer than a test waits for a status it watches; at 96 it took the key's background share from the history
 * sync. 30 is a payout moving at the shortened turns (one read in 2 s).
 */
const TEMPO = {
  sender: { backoff: { baseMs: 5, maxMs: 20 } },
  poller: { minDelayMs: 250, maxDelayMs: 2_000 },
  batchFollow: { minDelayMs: 250, maxDelayMs: 2_000 },
  followPerMinute: 30,
}

export const test = base.extend<
  { seed: Seed; sim: Simulator; desk: TestDesk; app: App; deskPacing: DeskPacing | undefined },
  { keychain: void; server: StaticServer; simulator: ReturnType<typeof lazySimulator> }
>({
  seed: ['none', { option: true }],
  // A spec that seeds hundreds of rows gives the app a larger request budget (the simulator's limit raised to match).
  deskPacing: [undefined, { option: true }],
  simulator: [
    async ({}, use) => {
      const simulator = lazySimulator()
      await use(simulator)
      await simulator.close()
    },
    { scope: 'worker' },
  ],
  keychain: [
    async ({}, use) => {
      const keychain = startKeychainBus()
      // This worker and the children it starts (the CLI, the connector) use the worker's own keychain from here on.
      process.env.DBUS_SESSION_BUS_ADDRESS = keychain.address
      await use()
      keychain.close()
    },
    { scope: 'worker', auto: true },
  ],
  server: [
    async ({}, use) => {
      const server = await serveStatic(join(ROOT, 'out', 'renderer'))
      await use(server)
      await server.close()
    },
    { scope: 'worker' },
  ],
  sim: async ({ desk }, use) => {
    await use(await desk.simulator.get())
  },
  desk: async ({ simulator: worker, deskPacing }, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'payout-desk-e2e-'))
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }
    const opened: string[] = []
    const simulator = freshSimulator(worker)
    let ahead = 0
    const desk = await createDesk({
      dataDir,
      ...(deskPacing ? { pacing: deskPacing } : {}),
      tempo: TEMPO,
      now: () => new Date(Date.now() + ahead),
      shell: 'test',
      version,
      embeddedSimulator: async () => {
        const sim = await simulator.get()
        return { sandboxUrl: sim.sandbox.url, consoleUrl: `${sim.sandbox.url}/_console/` }
      },
      openExternal: async (url: string) => void opened.push(url),
      // Stands in for the save dialog: exports land in the test's data directory.
      chooseSavePath: async (name: string) => join(dataDir, name),
    })
    await use(Object.assign(desk, { opened, simulator, dataDir, fastForward: (ms: number) => void (ahead += ms) }))
    // Remove every profile so no key is left in the keychain.
    const profiles = await desk.router.call('profiles.list', {}).catch(() => [])
    for (const p of profiles) await desk.router.call('profiles.remove', { profileId: p.id })
    await desk.dispose()
    await rm(dataDir, { recursive: true, force: true })
  },
  app: async ({ page, desk, server, seed }, use) => {
    if (seed === 'simulator') await seedSimulatorProfile(desk)
    await page.exposeBinding('__deskInvoke', (_source, channel: unknown, input: unknown) =>
      desk.router.dispatch(channel, input),
    )
    await page.addInitScript(BRIDGE_SCRIPT)
    const stop = desk.events.subscribe((event, payload) => {
      page
        .evaluate(
          ([e, p]) => (globalThis as unknown as { __deskEmit?: (e: string, p: unknown) => void }).__deskEmit?.(e, p),
          [event, payload] as const,
        )
        .catch(() => undefined)
    })
    await page.goto(server.url)
    await expect(page.locator('.app')).toBeVisible()
    await use({ page, desk, opened: desk.opened })
    stop()
  },
})

export { expect }
export { checkA11y, snap, snapAndCheck } from './e2e-themes'

/** POSTs to the simulator's console (approvals, verifications, faults). */
export async function consolePost(baseUrl: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl}/_console${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json().catch(() => null)) as { data?: unknown } | null
  if (!res.ok) throw new Error(`console ${path} answered ${res.status}: ${JSON.stringify(json)}`)
  return json?.data ?? json
}

/** GETs from the simulator's console (its own view of the data, to check screens against). */
export async function consoleGet<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}/_console${path}`)
  const json = (await res.json().catch(() => null)) as { data?: T } | null
  if (!res.ok) throw new Error(`console ${path} answered ${res.status}: ${JSON.stringify(json)}`)
  return (json?.data ?? json) as T
}

/**
 * What the quick start leaves behind, made directly: the embedded sandbox profile in the store, its key in the
 * keychain,
 * registered in the simulator's demo workspace, selected. Each step waits for the last (no quick start deadline: a busy
 * machine makes the seed slower, never wrong).
 */
async function seedSimulatorProfile(desk: TestDesk): Promise<void> {
  const sim = await desk.simulator.get()
  const input = {
    name: 'Local simulator',
    environment: 'sandbox',
    baseUrl: sim.sandbox.url,
    algorithm: 'ed25519',
    embedded: true,
  } as const
  const profile = await desk.keys.create(input, true)
  const { base64 } = await desk.keys.publicKey(profile.id, 'active')
  const { key_id } = (await consolePost(sim.sandbox.url, '/keys', {
    workspace_id: 'ws-demo',
    algorithm: 'ed25519',
    public_key: base64,
  })) as { key_id: string }
  await desk.keys.setKeyId(profile.id, key_id, 'active')
  await desk.keys.select(profile.id)
}

/** The seeded profile's first screen (the page opens there, and again after a reload). */
export async function onWallets(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible()
}

/** "Try it with the local simulator" from the welcome screen, ending on Wallets: the quick start's own tests only. */
export async function quickStart(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Try it with the local simulator' }).click()
  try {
    await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible({ timeout: 30_000 })
  } catch (err) {
    throw new Error(`${(err as Error).message}\nquick start stopped at: ${await quickStartStep(page)}`, { cause: err })
  }
}

/** Which step a quick start that never finished had reached, read from the core (which may itself be stuck). */
async function quickStartStep(page: Page): Promise<string> {
  const read = page.evaluate(async () => {
    const desk = (
      globalThis as unknown as { desk: { invoke(c: string, i: unknown): Promise<{ ok: boolean; data?: unknown }> } }
    ).desk
    return JSON.stringify(await desk.invoke('profiles.list', {}))
  })
  const late = new Promise<string>((done) =>
    setTimeout(() => done('the core did not answer profiles.list within 5 s'), 5_000),
  )
  const profiles = await Promise.race([read, late]).catch((e: unknown) => `profiles.list failed: ${String(e)}`)
  // The error the welcome screen shows names the step that failed (a failed quick start leaves no profile behind).
  const shown = await page
    .getByRole('alert')
    .allInnerTexts()
    .catch(() => [])
  // No key: generating it; a key without a Key ID: registering it; a Key ID: its connection test or the select.
  return `${profiles}${shown.length ? `; on screen: ${shown.join(' | ')}` : ''}`
}

/** Opens a section from the left navigation. */
export async function openSection(
  page: Page,
  name:
    | 'Wallets'
    | 'Transactions'
    | 'Destinations'
    | 'Payouts'
    | 'Keys & profiles'
    | 'Safety'
    | 'Preferences'
    | 'Home'
    | 'Activity'
    | 'Agent',
): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
}
