/**
 * `ledger_open_ms`: from the click on Transactions until the first frame showing rows has been painted, with 1,000,000
 * movements in the ledger. The renderer is the built app in Debian's Chromium; its `window.desk` reaches the core's own
 * history handlers over the real store through a Playwright binding (the IPC stand-in the e2e tests use).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { EventBus } from '../../electron/core/event-bus'
import { historyHandlers } from '../../electron/core/history/handlers'
import { DeskStore, type LedgerRepo } from '../../electron/core/store'
import type { SessionHost } from '../../electron/core/session/session-host'
import { historyChannels } from '../../shared/ipc/channels/history'
import { fillBenchLedger } from '../harness/bench-ledger'
import buildRendererIfStale from '../harness/e2e-global-setup'
import { serveStatic } from '../harness/e2e-server'

const ROOT = join(import.meta.dirname, '..', '..')
const ROWS = 1_000_000
const SAMPLES = 7

const PROFILE = {
  id: 'p1',
  name: 'Bench',
  environment: 'sandbox',
  baseUrl: 'http://127.0.0.1:4010',
  keyId: 'bench-key',
  algorithm: 'ed25519',
  embedded: false,
  agentWriteTools: false,
  hasKey: true,
  pendingKey: null,
}
const STUBS: Record<string, unknown> = {
  'profiles.list': [PROFILE],
  'profiles.current': PROFILE,
  'wallets.list': [],
  'pacing.status': { limit: 120, windowSeconds: 60, remaining: 120, lastSuccessAt: Date.now() },
  'history.sync': { started: true },
}
const BRIDGE = `window.desk = Object.freeze({ invoke: (channel, input) => window.__deskInvoke(channel, input), on: () => () => undefined })`

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Median ms from the click on Transactions to the first painted rows, over a ledger already filled. */
export async function ledgerOpenMs(store: DeskStore, ledger: LedgerRepo): Promise<number> {
  buildRendererIfStale()
  const server = await serveStatic(join(ROOT, 'out', 'renderer'), { isolated: true })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  try {
    const status = {
      profileId: 'p1',
      state: 'idle',
      pages: 0,
      rows: 0,
      rowsPerSecond: 0,
      etaSeconds: null,
      reachedBack: null,
      error: null,
    }
    const host = {
      session: async () => ({ store, ledger, profile: PROFILE, history: { status } }),
    } as unknown as SessionHost
    const handlers = historyHandlers({ host, events: new EventBus() }) as Record<
      string,
      (input: unknown) => Promise<unknown>
    >
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } })
    await page.exposeBinding('__deskInvoke', async (_source, channel: string, input: unknown) => {
      if (channel in STUBS) return { ok: true, data: STUBS[channel] }
      const definition = historyChannels[channel as keyof typeof historyChannels]
      if (!definition) return { ok: false, error: { code: 'not_supported', message: channel } }
      return { ok: true, data: await handlers[channel]!(definition.input.parse(input)) }
    })
    await page.addInitScript(BRIDGE)
    const samples: number[] = []
    for (let i = 0; i < SAMPLES; i++) {
      // A fresh page each time: the screen's first open, not a return to rows it already holds.
      await page.goto(server.url)
      await page.getByRole('heading', { name: 'Wallets', level: 1 }).waitFor()
      // A message posted from the frame's animation callback runs after that frame's style, layout and paint.
      // In-page code as text: this file is type-checked without the DOM library.
      samples.push(
        await page.evaluate<number>(`(async () => {
          const start = performance.now()
          document.querySelectorAll('nav button')[1].click()
          for (;;) {
            await new Promise((r) => requestAnimationFrame(r))
            if (document.querySelector('.tx-row')) {
              await new Promise((r) => { const ch = new MessageChannel(); ch.port1.onmessage = r; ch.port2.postMessage(0) })
              return performance.now() - start
            }
          }
        })()`),
      )
    }
    return Math.round(median(samples) * 10) / 10
  } finally {
    await browser.close()
    await server.close()
  }
}

export default async function ledgerOpenBench(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'ledger-open-bench-'))
  const store = DeskStore.open(dir, 'test')
  try {
    const { ledger } = fillBenchLedger(store, ROWS)
    return { ledger_open_ms: await ledgerOpenMs(store, ledger) }
  } finally {
    store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
