import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import { AuditLog } from '../../../electron/core/audit/audit-log'
import { DeskStore } from '../../../electron/core/store'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, requestLog, setupWorkspace, type Workspace } from '../../harness/api-fixture'

/**
 * Issue 34, finding 7: the two-process soak once ended with an entry the provider recorded and the outbox never
 * resolved. Its state was `queued`: the first POST was processed and its answer lost (drop after commit), the
 * retries under the same key were answered 503/429 with Retry-After until the sender gave up, and the outbox took the
 * last answer ("come back later") as if nothing had reached the provider. Under load the console's faults stack up
 * faster than the attempts go out, which is what lined them up. A queued entry can be discarded or refused by the
 * send gate without asking the provider, so it must never be one the provider may hold.
 */
let sim: Awaited<ReturnType<typeof startSimulator>>
let ws: Workspace
let dir: string
let store: DeskStore

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  dir = await mkdtemp(join(tmpdir(), 'lost-answer-'))
  store = DeskStore.open(dir, 'test')
  ws = await setupWorkspace(sim.sandbox.url, 0, {
    maxAttempts: 3,
    backoff: { baseMs: 5, maxMs: 20 },
    audit: new AuditLog(store, 'test'),
  })
})
afterAll(async () => {
  store.close()
  await ws.client.sender.close()
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

const fault = (spec: Record<string, unknown>) =>
  consoleCall(sim.sandbox.url, 'POST', 'faults', { method: 'POST', path_prefix: '/api/v1/withdrawals', ...spec })
const recorded = async (key: string) =>
  (await consoleCall<Array<{ idempotency_key: string }>>(sim.sandbox.url, 'GET', 'withdrawals')).filter(
    (w) => w.idempotency_key === key,
  )

describe('an answer lost, then the provider asks to wait', () => {
  it.each([503, 429])(
    'the entry is looked up (accepted: the provider has it), never left queued as if unsent (%i)',
    async (status) => {
      const payouts = new PayoutRequests(Outbox.open(store), ws.client)
      await fault({ mode: 'drop_after_commit', times: 1 })
      await fault({ mode: 'status', status, retry_after: 0, times: 2 })
      const result = await payouts.request({ ...ws.target, amount: '2.00' }, { requestedBy: 'app' })
      const key = result.entry.idempotencyKey
      expect(await recorded(key)).toHaveLength(1)
      expect(
        (await requestLog(sim.sandbox.url)).filter((r) => r.method === 'POST' && r.idempotency_key === key),
      ).toHaveLength(3)
      expect(result.entry).toMatchObject({ state: 'accepted' })
    },
  )

  it('a lost answer, then a wait longer than the rate window: looked up too, not queued for a day', async () => {
    const payouts = new PayoutRequests(Outbox.open(store), ws.client)
    await fault({ mode: 'drop_after_commit', times: 1 })
    await fault({ mode: 'status', status: 503, retry_after: 86_400, times: 1 })
    const result = await payouts.request({ ...ws.target, amount: '2.50' }, { requestedBy: 'app' })
    expect(await recorded(result.entry.idempotencyKey)).toHaveLength(1)
    expect(result.entry).toMatchObject({ state: 'accepted', notBefore: null })
  })

  it('only the first answer asking to wait, with nothing sent before it, keeps the payout queued', async () => {
    const payouts = new PayoutRequests(Outbox.open(store), ws.client)
    await fault({ mode: 'status', status: 503, retry_after: 0, times: 3 })
    const result = await payouts.request({ ...ws.target, amount: '3.00' }, { requestedBy: 'app' })
    expect(result.entry.state).toBe('queued')
    expect(await recorded(result.entry.idempotencyKey)).toHaveLength(0)
  })
})
