import Big from 'big.js'
import { DatabaseSync } from 'node:sqlite'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../electron/core/api/api-client'
import { compareWithProvider, differences } from '../../../electron/core/history/balance-compare'
import { ledgerCoverage } from '../../../electron/core/history/ledger-coverage'
import { buildReport } from '../../../electron/core/history/report-run'
import { STORE_FILE } from '../../../electron/core/store'
import { amountText } from '../../../electron/core/store/ledger/ledger-amounts'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { historySync, ledgerStore } from '../../harness/ledger-fixture'

const live = () => new AbortController().signal
const SEPOLIA = 'ethereum-sepolia'
const DAY_MS = 86_400_000

describe('roll-forward reconciliation against the simulator', () => {
  let sim: RunningSimulator
  let url: string
  let ws: Workspace
  let fx: Awaited<ReturnType<typeof ledgerStore>>
  let walletId: string

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    url = sim.sandbox.url
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
  })
  afterAll(() => sim.close())
  beforeEach(async () => {
    ws = await setupWorkspace(url)
    fx = await ledgerStore(url, ws.key.keyId)
    // A wallet that opens at zero: every unit it holds comes from a movement the ledger can read.
    const zero = (asset: string, decimals: number) => ({
      asset,
      network: SEPOLIA,
      amount: '0',
      available: '0',
      decimals,
    })
    walletId = (
      await consoleCall<{ id: string }>(url, 'POST', 'wallets', {
        workspace_id: ws.workspaceId,
        name: 'Books',
        balances: [zero('USDC', 6), zero('ETH', 18)],
      })
    ).id
    await consoleCall(url, 'POST', 'transactions', { wallet_id: walletId, generate: 400 })
  })
  afterEach(async () => {
    await ws.client.sender.close()
    await fx.dispose()
  })

  /** The report of the last 90 days up to the last sync, compared with the provider. */
  const report = async (client: ApiClient = ws.client) => {
    const to = new Date(ledgerCoverage(fx.ledger.state())!.to)
    const from = new Date(to.getTime() - 90 * DAY_MS)
    const counts = await buildReport(fx.store, {
      from: from.toISOString(),
      to: to.toISOString(),
      walletIds: [walletId],
    })
    return compareWithProvider(counts, (id) => client.getWallet(id))
  }

  it('a generated history whose closing equals the balance shows zero differences, opening from the first movement', async () => {
    await historySync(fx.store, fx.ledger, ws.client).run(live())
    const r = await report()
    expect(r.rollForward).toMatchObject({ openingUnknownBecause: null, compared: true })
    const usdc = r.rollForward.rows.find((x) => x.asset === 'USDC')!
    expect(new Big(usdc.opening!).gt(0)).toBe(true)
    expect(new Big(usdc.opening!).plus(usdc.incoming).minus(usdc.outgoing).minus(usdc.fees).toFixed()).toBe(
      usdc.closing,
    )
    for (const row of r.rollForward.rows) expect(row.provider).toMatchObject({ state: 'read', difference: '0' })
    expect(differences(r)).toEqual([])
  })

  it('a movement removed from the ledger shows exactly that difference, in its row', async () => {
    await historySync(fx.store, fx.ledger, ws.client).run(live())
    const db = new DatabaseSync(join(fx.dir, STORE_FILE))
    // Wallet, asset and status are stored as the numbers of their words (ledger-words.ts), the amount as an integer
    // (ledger-amounts.ts).
    const word = (text: string) => `(SELECT id FROM ledger_words WHERE word = ${text})`
    const gone = db
      .prepare(
        `SELECT id, amount FROM ledger_legs WHERE wallet_id = ${word('?')} AND asset = ${word("'USDC'")} AND direction = 'in' AND status = ${word("'completed'")} ORDER BY at_ms DESC LIMIT 1`,
      )
      .get(walletId) as { id: Uint8Array; amount: number }
    db.prepare("DELETE FROM ledger_legs WHERE id = ? AND direction = 'in'").run(gone.id)
    db.close()
    const diffs = differences(await report())
    expect(diffs).toHaveLength(1)
    expect(diffs[0]).toMatchObject({
      walletId,
      asset: 'USDC',
      network: SEPOLIA,
      provider: { state: 'read', difference: amountText(gone.amount) },
    })
  })

  it('a leg left not final shows exactly its amount as the difference, naming that movement', async () => {
    await consoleCall(url, 'POST', 'transactions', {
      wallet_id: walletId,
      direction: 'in',
      asset: 'USDC',
      network: SEPOLIA,
      amount: '12.34',
      status: 'broadcasting',
    })
    const [pending] = await consoleCall<Array<{ id: string }>>(url, 'POST', 'transactions', {
      wallet_id: walletId,
      direction: 'in',
      asset: 'ETH',
      network: SEPOLIA,
      amount: '0.5',
      status: 'broadcasting',
    })
    await historySync(fx.store, fx.ledger, ws.client).run(live())
    const diffs = differences(await report())
    expect(diffs.map((d) => [d.asset, d.provider.state === 'read' ? d.provider.difference : null])).toEqual([
      ['ETH', '-0.5'],
      ['USDC', '-12.34'],
    ])
    expect(diffs[0]!.notFinal).toEqual([
      expect.objectContaining({ id: pending!.id, direction: 'in', amount: '0.5', status: 'broadcasting' }),
    ])
  })

  it('a ledger that does not reach the first movement states the opening (and closing) as unknown, never zero', async () => {
    let pages = 0
    const stopping = Object.create(ws.client) as ApiClient
    stopping.transactionPage = async (query, o) => {
      if (++pages > 1) throw new Error('stopped for the test')
      return ws.client.transactionPage(query, o)
    }
    await expect(historySync(fx.store, fx.ledger, stopping, { pageLimit: 50 }).run(live())).rejects.toThrow()
    const walk = fx.ledger.state().walk!
    const counts = await buildReport(fx.store, {
      from: new Date(walk.oldest!).toISOString(),
      to: new Date(walk.startedAt).toISOString(),
      walletIds: [walletId],
    })
    const r = await compareWithProvider(counts, (id) => ws.client.getWallet(id))
    expect(r.rollForward.openingUnknownBecause).toMatch(/reaches back only to/)
    expect(r.rollForward.rows.length).toBeGreaterThan(0)
    for (const row of r.rollForward.rows) {
      expect(row).toMatchObject({ opening: null, closing: null })
      expect(row.provider).toMatchObject({ state: 'read', difference: null })
    }
  })

  it('a wallet whose balance cannot be read is "not read" with the request id, never zero', async () => {
    await historySync(fx.store, fx.ledger, ws.client).run(live())
    await consoleCall(url, 'POST', 'faults', {
      method: 'GET',
      path_prefix: `/api/v1/wallets/${walletId}`,
      mode: 'status',
      status: 503,
      retry_after: 0,
      times: 50,
    })
    const r = await report()
    expect(r.rollForward.rows.length).toBeGreaterThan(0)
    for (const row of r.rollForward.rows)
      expect(row.provider).toMatchObject({ state: 'not_read', requestId: expect.stringMatching(/.+/) })
    expect(differences(r)).toHaveLength(r.rollForward.rows.length)
  })

  it('a period not ending at the last sync is not compared', async () => {
    await historySync(fx.store, fx.ledger, ws.client).run(live())
    const to = ledgerCoverage(fx.ledger.state())!.to - DAY_MS
    const counts = await buildReport(fx.store, {
      from: new Date(to - 30 * DAY_MS).toISOString(),
      to: new Date(to).toISOString(),
      walletIds: [walletId],
    })
    const r = await compareWithProvider(counts, () => Promise.reject(new Error('must not read')))
    expect(r.rollForward.compared).toBe(false)
    for (const row of r.rollForward.rows) expect(row.provider.state).toBe('not_compared')
  })
})
