import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeskStore } from '../../../electron/core/store'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, requestLog, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import type { ChildJob } from '../../harness/payout-child'
import { tsChild } from '../../harness/ts-child'

const CHILD = join(__dirname, '../../harness/payout-child.ts')

function runChild(job: ChildJob): Promise<string | number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...tsChild(CHILD), JSON.stringify(job)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve(signal ?? code))
  })
}

describe('payout outbox across a real process kill', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  const recordedFor = async (key: string) =>
    (await consoleCall<Array<{ id: string; idempotency_key: string }>>(sim.sandbox.url, 'GET', 'withdrawals')).filter(
      (w) => w.idempotency_key === key,
    )

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    dir = await mkdtemp(join(tmpdir(), 'outbox-kill-'))
  })
  afterAll(async () => {
    await ws.client.sender.close()
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  })

  const job = (file: string, killOn: ChildJob['killOn']): ChildJob => ({
    baseUrl: sim.sandbox.url,
    keyId: ws.key.keyId,
    secretHex: Buffer.from(ws.key.secret).toString('hex'),
    storeDir: file,
    body: { ...ws.target, amount: '1.25' },
    killOn,
  })

  it('killed after the provider committed: on restart the entry is found under its key, exactly once', async () => {
    const file = join(dir, 'answer')
    expect(await runChild(job(file, 'answer'))).toBe('SIGKILL')
    const store = DeskStore.open(file, 'test')
    const outbox = Outbox.open(store)
    const [entry] = outbox.list()
    expect(entry).toMatchObject({ state: 'unknown', body: { ...ws.target, amount: '1.25' } })
    expect(await recordedFor(entry!.idempotencyKey)).toHaveLength(1)
    const payouts = new PayoutRequests(outbox, ws.client)
    const [resolved] = await payouts.resolveUnknown()
    const [withdrawal] = await recordedFor(entry!.idempotencyKey)
    expect(resolved).toMatchObject({
      state: 'accepted',
      withdrawalId: withdrawal!.id,
      idempotencyKey: entry!.idempotencyKey,
    })
    await expect(payouts.discard(entry!.idempotencyKey)).rejects.toMatchObject({ code: 'invalid_input' })
    store.close()
  })

  it('killed before sending: the provider has no record, the user re-sends with the same key and body', async () => {
    const file = join(dir, 'written')
    expect(await runChild(job(file, 'written'))).toBe('SIGKILL')
    const store = DeskStore.open(file, 'test')
    const outbox = Outbox.open(store)
    const payouts = new PayoutRequests(outbox, ws.client)
    const [entry] = await payouts.resolveUnknown()
    expect(entry).toMatchObject({ state: 'unknown', error: { code: 'not_recorded' } })
    expect(await recordedFor(entry!.idempotencyKey)).toHaveLength(0)
    const resent = await payouts.resend(entry!.idempotencyKey)
    expect(resent.entry).toMatchObject({ state: 'accepted', idempotencyKey: entry!.idempotencyKey })
    const posts = (await requestLog(sim.sandbox.url)).filter(
      (r) => r.method === 'POST' && r.idempotency_key === entry!.idempotencyKey,
    )
    expect(posts).toHaveLength(1)
    expect(await recordedFor(entry!.idempotencyKey)).toHaveLength(1)
    store.close()
  })

  it('an unrecorded entry can be discarded instead, and then never sent', async () => {
    const file = join(dir, 'discard')
    expect(await runChild(job(file, 'written'))).toBe('SIGKILL')
    const store = DeskStore.open(file, 'test')
    const outbox = Outbox.open(store)
    const payouts = new PayoutRequests(outbox, ws.client)
    const [entry] = outbox.list()
    expect(await payouts.discard(entry!.idempotencyKey)).toMatchObject({ state: 'discarded' })
    await expect(payouts.resend(entry!.idempotencyKey)).rejects.toMatchObject({ code: 'invalid_input' })
    expect(await recordedFor(entry!.idempotencyKey)).toHaveLength(0)
    store.close()
  })
})
