/**
 * `run_preview_ms`: p95 of previewing one period of a 1,000-line pay run paid from 100 wallets (bound 200 ms): the
 * lines checked against the wallets and the destination book (already read from the provider; that read is not
 * timed), the diff with the last of three periods sent, the funds check per wallet and asset, a tenth of the lines
 * in USD converted at the price table's rate. Five previews first warm the code up.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Counterparty, Wallet } from '../../shared/api/resources'
import { addRun } from '../../electron/core/pay-runs/run-book'
import { readRunLines } from '../../electron/core/pay-runs/run-lines'
import { previewOf } from '../../electron/core/pay-runs/run-preview'
import { DeskStore, payRunRepo, priceTableRepo } from '../../electron/core/store'

const LINES = 1_000
const WALLETS = 100
const PREVIEWS = 30
const WARM_UP = 5
const NETWORK = 'ethereum-sepolia'
const PERIODS = ['2026-11-06', '2026-11-13', '2026-11-20']

function wallet(i: number): Wallet {
  const balances = [
    { asset: 'USDC', network: NETWORK, amount: '1000000', available: '1000000', usd_value: 1_000_000 },
    { asset: 'ETH', network: NETWORK, amount: '10', available: '10', usd_value: 30_000 },
  ]
  return {
    id: `w-${i}`,
    name: `Wallet ${i}`,
    status: 'active',
    address: '0x',
    deposit_addresses: [],
    networks: [],
    balances,
    total_usd: 0,
  }
}

function destination(i: number): Counterparty {
  const address = `0x${randomBytes(20).toString('hex')}`
  return {
    id: `cp-${i}`,
    label: `Payee ${i}`,
    network: NETWORK,
    network_name: 'Ethereum Sepolia',
    address,
    direction: 'send',
    status: 'verified',
    can_send: true,
    verified_at: '2026-01-01T00:00:00.000Z',
    counterparty_type: 'company',
    company_name: `Payee ${i}`,
    wallet_type: 'unhosted',
    country: 'DE',
    created_at: '2026-01-01T00:00:00.000Z',
  }
}

export default async function payRunBench(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'pay-run-bench-'))
  const store = DeskStore.open(dir, 'test')
  try {
    const wallets = Array.from({ length: WALLETS }, (_, i) => wallet(i))
    const book = Array.from({ length: LINES }, (_, i) => destination(i))
    const rows = book.map(
      (d, i) => `${d.label},${i % 10 === 0 ? `USD ${100 + i}` : `${1 + (i % 50)}.25`},USDC,w-${i % WALLETS},P${i}`,
    )
    const lines = readRunLines(['destination,amount,asset,wallet,reference', ...rows].join('\n'))
    const run = addRun(
      store,
      { name: 'Bench', schedule: 'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=FR', lines },
      'bench',
    )
    store.transaction('fill', () => {
      store
        .repo(priceTableRepo)
        .apply(
          { set: [{ date: '2026-11-27', asset: 'USDC', fiat: 'USD', price: '0.9998' }], removed: [], waiting: [] },
          null,
          'bench',
          new Date().toISOString(),
        )
      for (const period of PERIODS) {
        // Every period before pays each payee a little differently, so the diff has changes to find.
        const sent = run.lines.map((l, i) => ({
          lineId: l.id,
          payee: `P${i}`,
          key: `k-${period}-${i}`,
          destination: book[i]!.address,
          network: NETWORK,
          asset: 'USDC',
          amount: String(i % 7),
          walletId: `w-${i % WALLETS}`,
          elsewhere: false,
        }))
        store.repo(payRunRepo).putPeriod({
          runId: run.id,
          period,
          state: 'sent',
          origin: 'here',
          batchId: null,
          lines: sent,
          at: period,
          actor: 'bench',
        })
      }
    })
    const reads = { wallets, book }
    const today = new Date('2026-11-27T12:00:00Z')
    const times: number[] = []
    // The first previews compile the code paths; the app and a long CLI session preview warm.
    for (let i = 0; i < WARM_UP; i++) previewOf(store, run, reads, undefined, today)
    for (let i = 0; i < PREVIEWS; i++) {
      const started = performance.now()
      const preview = previewOf(store, run, reads, undefined, today)
      times.push(performance.now() - started)
      if (preview.lines.length !== LINES || preview.period !== '2026-11-27')
        throw new Error(`the preview has ${preview.lines.length} lines for ${preview.period}`)
    }
    times.sort((a, b) => a - b)
    return { run_preview_ms: Number(times[Math.floor(times.length * 0.95)]!.toFixed(2)) }
  } finally {
    store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
