import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import { QueuedSender } from '../../../electron/core/payouts/queued-sender'
import { DeskStore } from '../../../electron/core/store'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, requestLog, setupWorkspace, type Workspace } from '../../harness/api-fixture'

let sim: Awaited<ReturnType<typeof startSimulator>>
let ws: Workspace
let dir: string
let store: DeskStore

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  ws = await setupWorkspace(sim.sandbox.url)
  dir = await mkdtemp(join(tmpdir(), 'retry-after-'))
  store = DeskStore.open(dir, 'test')
})
afterAll(async () => {
  store.close()
  await ws.client.sender.close()
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

const posts = async (key: string) =>
  (await requestLog(sim.sandbox.url)).filter((r) => r.method === 'POST' && r.idempotency_key === key)

describe('a payout the provider asks to wait for longer than the rate window', () => {
  it('waits in the outbox with the time it may be sent, is sent then under the same key, or can be discarded', async () => {
    const outbox = Outbox.open(store)
    const payouts = new PayoutRequests(outbox, ws.client)
    await consoleCall(sim.sandbox.url, 'POST', 'faults', {
      method: 'POST',
      path_prefix: '/api/v1/withdrawals',
      mode: 'status',
      status: 429,
      retry_after: 86400,
      times: 2,
    })
    const started = Date.now()
    const first = await payouts.request({ ...ws.target, amount: '4.00' }, { requestedBy: 'app' })
    expect(Date.now() - started).toBeLessThan(20_000) // not frozen for a day
    expect(first.entry).toMatchObject({ state: 'queued', error: { code: 'rate_limited' } })
    expect(Date.parse(first.entry.notBefore!)).toBeGreaterThan(Date.now() + 86_000_000)
    expect(first.entry.error!.message).toMatch(/wait until .* in the outbox/)
    expect(await posts(first.entry.idempotencyKey)).toHaveLength(1)

    // Before its time nothing is sent; once the time has come, one send under the same key and body.
    expect(await new QueuedSender(outbox, payouts).tick()).toBe(0)
    const later = () => Date.parse(outbox.get(first.entry.idempotencyKey).notBefore ?? first.entry.notBefore!) + 1
    expect(await new QueuedSender(outbox, payouts, later).tick()).toBe(1)
    // the second fault answers this attempt: queued again, still one key
    expect(outbox.get(first.entry.idempotencyKey).state).toBe('queued')
    expect(await new QueuedSender(outbox, payouts, later).tick()).toBe(1)
    expect(outbox.get(first.entry.idempotencyKey)).toMatchObject({ state: 'accepted', notBefore: null })
    expect(await posts(first.entry.idempotencyKey)).toHaveLength(3)

    await consoleCall(sim.sandbox.url, 'POST', 'faults', {
      method: 'POST',
      path_prefix: '/api/v1/withdrawals',
      mode: 'status',
      status: 429,
      retry_after: 86400,
      times: 1,
    })
    const second = await payouts.request({ ...ws.target, amount: '5.00' }, { requestedBy: 'app' })
    expect(second.entry.state).toBe('queued')
    expect(await payouts.discard(second.entry.idempotencyKey)).toMatchObject({ state: 'discarded' })
    expect(await new QueuedSender(outbox, payouts, () => Date.parse(second.entry.notBefore!) + 1).tick()).toBe(0)
    expect(await posts(second.entry.idempotencyKey)).toHaveLength(1)
  })

  it('a 503 asking to wait longer waits in the outbox the same way, queued with its time, not unknown', async () => {
    const outbox = Outbox.open(store)
    const payouts = new PayoutRequests(outbox, ws.client)
    await consoleCall(sim.sandbox.url, 'POST', 'faults', {
      method: 'POST',
      path_prefix: '/api/v1/withdrawals',
      mode: 'status',
      status: 503,
      retry_after: 86400,
      times: 1,
    })
    const started = Date.now()
    const waiting = await payouts.request({ ...ws.target, amount: '6.00' }, { requestedBy: 'app' })
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(waiting.entry).toMatchObject({
      state: 'queued',
      error: { code: 'service_unavailable', message: expect.stringMatching(/wait until .* in the outbox/) },
    })
    expect(Date.parse(waiting.entry.notBefore!)).toBeGreaterThan(Date.now() + 86_000_000)
    expect(await new QueuedSender(outbox, payouts, () => Date.parse(waiting.entry.notBefore!) + 1).tick()).toBe(1)
    expect(outbox.get(waiting.entry.idempotencyKey)).toMatchObject({ state: 'accepted', notBefore: null })
    expect(await posts(waiting.entry.idempotencyKey)).toHaveLength(2)
  })
})
