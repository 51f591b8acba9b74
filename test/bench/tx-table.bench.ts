/** Transactions screen with 100,000 rows in the store, in Debian's Chromium: first render, p95 frame while scrolling, heap, initial JS size. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import buildRendererIfStale from '../harness/e2e-global-setup'
import { serveStatic } from '../harness/e2e-server'

const ROOT = join(import.meta.dirname, '..', '..')
const ROWS = 100_000

/** A stand-in `window.desk` for the bench: one ready sandbox profile and one page holding every generated row. */
const FAKE_DESK = `(() => {
  const profile = { id: 'p1', name: 'Bench', environment: 'sandbox', baseUrl: 'http://127.0.0.1:1', keyId: 'k1', algorithm: 'ed25519',
    embedded: false, agentWriteTools: false, hasKey: true, pendingKey: null }
  const rows = []
  const t0 = Date.parse('2025-01-01T00:00:00Z')
  for (let i = 0; i < ${ROWS}; i++) {
    const dir = i % 3 === 0 ? 'out' : 'in'
    rows.push({ id: 'tx-' + i, created_at: new Date(t0 - i * 60000).toISOString(), direction: dir,
      from: { name: dir === 'in' ? 'Customer ' + (i % 97) : 'Treasury', address: '0x' + (i * 7919).toString(16).padStart(40, '0') },
      to: { name: dir === 'out' ? null : 'Treasury', address: '0x' + (i * 104729).toString(16).padStart(40, '0') },
      amount: (i % 1000) + '.' + String(i % 1000000).padStart(6, '0'), asset: 'USDC', fee: dir === 'out' ? '0.42' : null,
      fee_asset: dir === 'out' ? 'USDC' : null, status: 'completed', tx_hash: '0x' + (i * 15485863).toString(16).padStart(64, 'a'),
      network: 'ethereum-sepolia', network_name: 'Ethereum Sepolia', wallet_id: 'w1' })
  }
  const answers = {
    'profiles.list': [profile], 'profiles.current': profile, 'wallets.list': [],
    'pacing.status': { limit: 120, windowSeconds: 60, remaining: 120, lastSuccessAt: Date.now() },
    'transactions.page': { rows, nextCursor: null },
  }
  window.desk = {
    invoke: async (channel) => channel in answers ? { ok: true, data: answers[channel] } : { ok: false, error: { code: 'not_supported', message: channel } },
    on: () => () => undefined,
  }
})()`

function initialJsGzipKb(): number {
  const html = readFileSync(join(ROOT, 'out', 'renderer', 'index.html'), 'utf8')
  const scripts = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
  const bytes = scripts.reduce((sum, s) => sum + gzipSync(readFileSync(join(ROOT, 'out', 'renderer', s))).length, 0)
  return bytes / 1024
}

export default async function txTableBench(): Promise<Record<string, number>> {
  buildRendererIfStale()
  const server = await serveStatic(join(ROOT, 'out', 'renderer'))
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 } })
    await page.addInitScript(FAKE_DESK)
    await page.goto(server.url)
    await page.getByRole('heading', { name: 'Wallets', level: 1 }).waitFor()

    // In-page code as text: this file is type-checked without the DOM library.
    const firstRender = await page.evaluate<number>(`(async () => {
      const start = performance.now()
      document.querySelectorAll('nav button')[1].click()
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r))
        const count = document.querySelector('[data-testid="tx-count"]')?.textContent ?? ''
        if (count.startsWith('${ROWS} loaded') && document.querySelector('.tx-row')) return performance.now() - start
      }
    })()`)

    const frames = await page.evaluate<number[]>(`(async () => {
      const el = document.querySelector('[data-testid="tx-scroll"]')
      const deltas = []
      let last = performance.now()
      for (let i = 0; i < 400; i++) {
        el.scrollTop += el.scrollHeight / 400
        const now = await new Promise((r) => requestAnimationFrame(r))
        deltas.push(now - last)
        last = now
      }
      return deltas
    })()`)
    const sorted = frames.slice(10).sort((a, b) => a - b)
    const p95 = sorted[Math.floor(sorted.length * 0.95)]!

    const cdp = await page.context().newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }

    return {
      tx_table_first_render_ms: Math.round(firstRender * 10) / 10,
      tx_table_p95_frame_ms: Math.round(p95 * 10) / 10,
      tx_table_heap_mb: Math.round((heap.usedSize / 1024 / 1024) * 10) / 10,
      renderer_initial_js_gzip_kb: Math.round(initialJsGzipKb() * 10) / 10,
    }
  } finally {
    await browser.close()
    await server.close()
  }
}
