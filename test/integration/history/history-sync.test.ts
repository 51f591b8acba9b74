import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../electron/core/api/api-client'
import { realClock } from '../../../electron/core/api/pacer'
import { openLedger } from '../../../electron/core/history/ledger-scope'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { consoleCall, makeClient, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { historySync, ledgerKeys, ledgerStore, legKey, simulatorLegs } from '../../harness/ledger-fixture'
import { tamperProxy } from '../../harness/tamper-proxy'

/** A signal nobody aborts. */
const live = () => new AbortController().signal

describe('history sync against the simulator', () => {
  let sim: RunningSimulator
  let url: string
  let ws: Workspace
  let fx: Awaited<ReturnType<typeof ledgerStore>>

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    url = sim.sandbox.url
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
  })
  afterAll(async () => {
    await sim.close()
  })
  beforeEach(async () => {
    ws = await setupWorkspace(url, 120)
    fx = await ledgerStore(url, ws.key.keyId)
  })
  afterEach(async () => {
    await ws.client.sender.close()
    await fx.dispose()
  })

  const truth = async () => (await simulatorLegs(url, ws.workspaceId)).map(legKey).sort()
  const movement = (extra: Record<string, unknown> = {}) =>
    consoleCall<Array<{ id: string; created_at: string }>>(url, 'POST', 'transactions', {
      wallet_id: ws.walletId,
      direction: 'in',
      asset: 'USDC',
      network: 'ethereum-sepolia',
      amount: '7.5',
      ...extra,
    })

  it('a first sync holds every (id, direction) once; the next one reads only the overlap window', async () => {
    const first = await historySync(fx.store, fx.ledger, ws.client, { pageLimit: 25 }).run(live())
    expect(first.pages).toBeGreaterThan(4)
    expect(ledgerKeys(fx.ledger).sort()).toEqual(await truth())
    const summary = fx.ledger.summary()
    expect(summary).toMatchObject({ complete: true, notFinal: 0, walk: null, lastError: null, rows: first.rows })
    const second = await historySync(fx.store, fx.ledger, ws.client, { pageLimit: 25 }).run(live())
    // Generated history is spread over a year: the five minutes below the mark hold next to nothing.
    expect(second.pages).toBe(1)
    expect(second.rows).toBeLessThan(5)
  })

  it('movements added during a sync, on the high-water instant and inside the overlap are each caught exactly once', async () => {
    let added = false
    const racing = Object.create(ws.client) as ApiClient
    racing.transactionPage = async (query, o) => {
      const page = await ws.client.transactionPage(query, o)
      // After the walk has begun, new movements are recorded on the provider (at the time of recording, as the spec
      // says).
      if (!added) {
        added = true
        for (let i = 0; i < 3; i++) await movement({ amount: `${i + 1}.25` })
      }
      return page
    }
    await historySync(fx.store, fx.ledger, racing, { pageLimit: 25 }).run(live())
    const mark = fx.ledger.state().highWaterMs!
    await movement({ created_at: new Date(mark).toISOString() })
    await movement({ created_at: new Date(mark - 2 * 60_000).toISOString() })
    await historySync(fx.store, fx.ledger, ws.client, { pageLimit: 25 }).run(live())
    const keys = ledgerKeys(fx.ledger)
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.sort()).toEqual(await truth())
  })

  it('a leg not final is re-read with backoff until the provider calls it completed; the ledger keeps the latest answer and when it was read', async () => {
    const [leg] = await movement({ status: 'broadcasting' })
    // The sync's clock moves only when the test moves it: "not due yet" cannot turn due on a slow machine.
    let nowMs = Date.now()
    const clock = { now: () => nowMs, sleep: realClock.sleep }
    const sync = historySync(fx.store, fx.ledger, ws.client, { recheck: { baseMs: 300, maxMs: 1_000 }, clock })
    await sync.run(live())
    const held = () => fx.ledger.page({ text: leg!.id }, undefined, 10).rows[0]!
    expect(held()).toMatchObject({ status: 'broadcasting', final: false })
    expect(fx.ledger.summary().notFinal).toBe(1)
    // Not due yet: the backoff holds the re-read back.
    nowMs += 299
    expect((await sync.run(live())).rechecked).toBe(0)
    const firstRead = held().read_at
    await consoleCall(url, 'POST', `transactions/${leg!.id}/status`, { status: 'completed' })
    nowMs += 2
    await sync.run(live())
    expect(held()).toMatchObject({ status: 'completed', final: true })
    expect(Date.parse(held().read_at)).toBeGreaterThan(Date.parse(firstRead))
    expect(fx.ledger.summary().notFinal).toBe(0)
    expect(fx.ledger.duePending(Date.now() + 3_600_000, 10)).toEqual([])
  })

  it('a cursor the provider refuses mid-walk restarts the range from the last committed row, without duplicates', async () => {
    const stop = new AbortController()
    const partial = historySync(fx.store, fx.ledger, ws.client, { pageLimit: 20 }).run(stop.signal, (p) => {
      if (p.pages === 2) stop.abort()
    })
    await expect(partial).rejects.toThrow()
    const walk = fx.ledger.state().walk!
    expect(walk.pages).toBe(2)
    // The provider forgot the cursor (a restart on its side): it now answers 400 validation_failed.
    fx.store.transaction('test', () => fx.ledger.saveWalk({ ...walk, cursor: 'forgotten-cursor' }))
    const resumed = await historySync(fx.store, fx.ledger, ws.client, { pageLimit: 20 }).run(live())
    expect(resumed.restarts).toBe(1)
    const keys = ledgerKeys(fx.ledger)
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.sort()).toEqual(await truth())
  })

  it('a page with a row that fails validation is refused whole: the sync stops with the error and keeps what it committed', async () => {
    const proxy = await tamperProxy(url)
    const through = makeClient(proxy.url, ws.key.signer)
    const own = await ledgerStore(proxy.url, ws.key.keyId)
    try {
      proxy.tamper = (body, n) =>
        n === 3 ? { ...body, data: body.data.map((r, i) => (i === 1 ? { ...r, amount: 12.5 } : r)) } : null
      const sync = historySync(own.store, own.ledger, through, { pageLimit: 20 })
      await expect(sync.run(live())).rejects.toMatchObject({ code: 'invalid_response' })
      const state = own.ledger.state()
      expect(state.walk?.pages).toBe(2)
      expect(ledgerKeys(own.ledger)).toHaveLength(state.walk!.rows)
      expect(own.ledger.summary().lastError).toMatch(/amount|decimal|string/i)
      // Once the provider answers properly, the same walk continues to the end.
      proxy.tamper = null
      await sync.run(live())
      expect(ledgerKeys(own.ledger).sort()).toEqual(await truth())
    } finally {
      await through.sender.close()
      await own.dispose()
      await proxy.close()
    }
  })

  it('a provider that repeats its next_cursor ends the sync with an error naming the cursor, after one repeat', async () => {
    const proxy = await tamperProxy(url)
    const through = makeClient(proxy.url, ws.key.signer)
    const own = await ledgerStore(proxy.url, ws.key.keyId)
    try {
      // Every page points back to the second: without a guard the walk reads pages 2 and 3 forever.
      let stuck: unknown = null
      proxy.tamper = (body, n) => {
        if (n === 1) stuck = body.meta.next_cursor
        return n === 1 ? null : { ...body, meta: { ...body.meta, next_cursor: stuck } }
      }
      const err = await historySync(own.store, own.ledger, through, { pageLimit: 20 })
        .run(live())
        .catch((e: unknown) => e)
      expect(typeof stuck).toBe('string')
      expect(err).toMatchObject({
        name: 'PagingStuckError',
        code: 'invalid_response',
        cursor: stuck,
        message: expect.stringContaining(String(stuck)),
      })
      expect(proxy.listCalls).toBe(2)
      expect(own.ledger.summary().lastError).toContain(String(stuck))
    } finally {
      await through.sender.close()
      await own.dispose()
      await proxy.close()
    }
  })

  it('a provider that keeps answering empty pages with a next_cursor ends the sync after a bound, naming the cursor', async () => {
    const proxy = await tamperProxy(url)
    const through = makeClient(proxy.url, ws.key.signer)
    const own = await ledgerStore(proxy.url, ws.key.keyId)
    try {
      proxy.tamper = (body) => ({ ...body, data: [] })
      const err = await historySync(own.store, own.ledger, through, { pageLimit: 1 })
        .run(live())
        .catch((e: unknown) => e)
      expect(err).toMatchObject({
        name: 'PagingStuckError',
        code: 'invalid_response',
        message: expect.stringMatching(/20 pages in a row/),
      })
      expect(proxy.listCalls).toBe(20)
    } finally {
      await through.sender.close()
      await own.dispose()
      await proxy.close()
    }
  })

  it('a ledger of another environment or key is cleared, never mixed in', async () => {
    await historySync(fx.store, fx.ledger, ws.client).run(live())
    expect(fx.ledger.summary().rows).toBeGreaterThan(0)
    expect(openLedger(fx.store, url, ws.key.keyId).cleared).toBe(false)
    const other = openLedger(fx.store, url.replace('127.0.0.1', 'localhost'), ws.key.keyId)
    expect(other.cleared).toBe(true)
    expect(other.ledger.summary()).toMatchObject({ rows: 0, complete: false, syncedAt: null })
  })
})
