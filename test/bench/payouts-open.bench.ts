/**
 * `payouts_open_ms`: opening Payouts with 1,000 payouts of the profile (a team's month, half of them waiting for
 * approval), in Debian's Chromium: from the click on Payouts until the first frame showing the payout list has been
 * painted. `payouts_open_elements` counts the page's elements then.
 */
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import buildRendererIfStale from '../harness/e2e-global-setup'
import { serveStatic } from '../harness/e2e-server'

const ROOT = join(import.meta.dirname, '..', '..')
const PAYOUTS = 1_000
const RUNS = 5

/**
 * A stand-in `window.desk`: one ready sandbox profile, 1,000 payouts to 40 destinations, and empty answers for the
 * panels around the list (nothing held, nothing unresolved). Every other channel answers `not_supported`.
 */
const FAKE_DESK = `(() => {
  const profile = { id: 'p1', name: 'Bench', environment: 'sandbox', baseUrl: 'http://127.0.0.1:1', keyId: 'k1',
    algorithm: 'ed25519', embedded: false, agentWriteTools: false, hasKey: true, pendingKey: null }
  const t0 = Date.parse('2026-11-01T00:00:00Z')
  const statuses = ['pending_approval', 'completed', 'broadcasting', 'rejected']
  const withdrawals = []
  for (let i = 0; i < ${PAYOUTS}; i++) {
    const at = new Date(t0 + i * 600000).toISOString()
    withdrawals.push({ id: 'wd-' + String(i).padStart(6, '0'), status: statuses[i % 2 === 0 ? 0 : (i % 3) + 1],
      wallet_id: 'w1', asset: 'USDC', amount: (i % 997 + 1) + '.' + String(i % 100).padStart(2, '0'),
      destination: '0x' + ((i % 40) * 7919 + 1).toString(16).padStart(40, '0'), network: 'ethereum-sepolia',
      tx_hash: null, created_at: at, updated_at: at })
  }
  withdrawals.reverse()
  const answers = {
    'profiles.list': [profile], 'profiles.current': profile, 'wallets.list': [],
    'pacing.status': { limit: 120, windowSeconds: 60, remaining: 120, background: 0, lastSuccessAt: Date.now() },
    'withdrawals.list': withdrawals, 'held.list': [], 'payouts.outbox': [], 'payouts.outboxDamaged': [],
    'alterations.list': [], 'payouts.tests': [], 'counterparties.list': [],
    'lock.status': { enabled: false, locked: false, person: null, people: [], waitSeconds: 0, idleMinutes: 15 },
  }
  window.desk = {
    invoke: async (channel, input) => {
      if (!(channel in answers)) return { ok: false, error: { code: 'not_supported', message: channel } }
      const answer = answers[channel]
      return { ok: true, data: typeof answer === 'function' ? answer(input) : answer }
    },
    on: () => () => undefined,
  }
})()`

export default async function payoutsOpenBench(): Promise<Record<string, number>> {
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
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } })
    await page.addInitScript(FAKE_DESK)
    await page.goto(server.url)
    await page.getByRole('heading', { name: 'Wallets', level: 1 }).waitFor()
    const nav = (name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name })
    // The first opening reads the list and loads the screen's chunk: the figure is the opening after it, as a person
    // going back to Payouts meets it.
    await nav('Payouts').click()
    await page.getByRole('table', { name: 'Payouts' }).waitFor()
    const times: number[] = []
    let elements = 0
    for (let run = 0; run < RUNS; run++) {
      await nav('Wallets').click()
      await page.getByRole('heading', { name: 'Wallets', level: 1 }).waitFor()
      // In-page code as text: this file is type-checked without the DOM library. A message posted from the frame's
      // animation callback runs after its style, layout and paint.
      const [ms, count] = await page.evaluate<[number, number]>(`(async () => {
        const start = performance.now()
        const button = [...document.querySelectorAll('nav[aria-label="Sections"] button')]
          .find((b) => b.textContent.startsWith('Payouts'))
        button.click()
        for (;;) {
          await new Promise((r) => requestAnimationFrame(r))
          if (document.querySelector('table[aria-label="Payouts"] [data-testid="payout-row"]')) {
            await new Promise((r) => { const ch = new MessageChannel(); ch.port1.onmessage = r; ch.port2.postMessage(0) })
            return [performance.now() - start, document.getElementsByTagName('*').length]
          }
        }
      })()`)
      times.push(ms)
      elements = count
    }
    times.sort((a, b) => a - b)
    return {
      payouts_open_ms: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10,
      payouts_open_elements: elements,
    }
  } finally {
    await browser.close()
    await server.close()
  }
}
