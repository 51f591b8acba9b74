import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../electron/core/api/api-client'
import { Pacer } from '../../../electron/core/api/pacer'
import { startSimulator } from '../../../electron/simulator'
import {
  consoleCall,
  makeClient,
  registerKey,
  requestLog,
  reusedSignatures,
  setupWorkspace,
  type RegisteredKey,
  type Workspace,
} from '../../harness/api-fixture'

type Sim = Awaited<ReturnType<typeof startSimulator>>

describe('API client against the simulator', () => {
  let sim: Sim
  let url: string
  let key: RegisteredKey
  let client: ApiClient
  let target: Workspace['target']
  const fault = (f: Record<string, unknown>) => consoleCall(url, 'POST', 'faults', f)
  const payout = (amount = '0.01') => ({ ...target, amount })

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'demo', quiet: true })
    url = sim.sandbox.url
    ;({ key, client, target } = await setupWorkspace(url, 40))
  })
  afterAll(async () => {
    await client.sender.close()
    await sim.close()
  })

  it('reads wallets, one wallet, and refuses a foreign one with 404', async () => {
    const wallets = await client.listWallets()
    expect(wallets.length).toBeGreaterThan(0)
    expect(await client.getWallet(wallets[0]!.id)).toEqual(wallets[0])
    await expect(client.getWallet('wal-nobody')).rejects.toMatchObject({
      status: 404,
      code: 'wallet_not_found',
      requestId: expect.any(String),
    })
  })

  it('follows the transaction cursor to the end, every (id, direction) once, and reads one movement', async () => {
    const rows = []
    for await (const r of client.transactions({ limit: 7 })) rows.push(r)
    const keys = new Set(rows.map((r) => `${r.id}/${r.direction}`))
    expect(keys.size).toBe(rows.length)
    const first = await client.transactionPage({ limit: 100 })
    expect(rows.length).toBeGreaterThanOrEqual(first.rows.length)
    const legs = await client.getTransaction(rows[0]!.id)
    expect(legs.map((l) => l.id)).toContain(rows[0]!.id)
    await expect(client.getTransaction('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'transaction_not_found',
    })
  })

  it('registers a destination, and a re-post answers the existing entry', async () => {
    const input = {
      network: 'ethereum-sepolia',
      address: '0x' + 'ab'.repeat(20),
      counterparty_type: 'company' as const,
      company_name: 'Acme',
      wallet_type: 'unhosted' as const,
      country: 'DE',
    }
    const created = await client.createCounterparty(input)
    expect(created).toMatchObject({ alreadyExists: false, counterparty: { status: 'pending', can_send: false } })
    const again = await client.createCounterparty(input)
    expect(again).toMatchObject({ alreadyExists: true, counterparty: { id: created.counterparty.id } })
    expect((await client.listCounterparties()).some((c) => c.id === created.counterparty.id)).toBe(true)
  })

  it('requests a payout, replays it under the same key, refuses a changed body, reads, lists and cancels it', async () => {
    const k = crypto.randomUUID()
    const first = await client.createWithdrawal(payout(), k)
    expect(first).toMatchObject({ replay: false, withdrawal: { status: 'pending_approval' } })
    const replay = await client.createWithdrawal(payout(), k)
    expect(replay).toMatchObject({ replay: true, withdrawal: { id: first.withdrawal.id } })
    await expect(client.createWithdrawal(payout('0.02'), k)).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_conflict',
    })
    expect(await client.findWithdrawalByKey(k)).toMatchObject({ id: first.withdrawal.id })
    expect(await client.findWithdrawalByKey(crypto.randomUUID())).toBeNull()
    expect((await client.getWithdrawal(first.withdrawal.id)).withdrawal.id).toBe(first.withdrawal.id)
    const all = []
    for await (const w of client.withdrawals({ limit: 3 })) all.push(w)
    expect(new Set(all.map((w) => w.id)).size).toBe(all.length)
    expect(all.some((w) => w.id === first.withdrawal.id)).toBe(true)
    expect((await client.cancelWithdrawal(first.withdrawal.id)).status).toBe('cancelled')
    expect((await client.cancelWithdrawal(first.withdrawal.id)).status).toBe('cancelled')
  })

  it('passes on meta.stale and refuses to cancel an approved payout', async () => {
    const { withdrawal } = await client.createWithdrawal(payout(), crypto.randomUUID())
    await consoleCall(url, 'POST', `withdrawals/${withdrawal.id}/approve`)
    await expect(client.cancelWithdrawal(withdrawal.id)).rejects.toMatchObject({
      status: 409,
      code: 'withdrawal_not_cancellable',
    })
    await consoleCall(url, 'POST', 'settings', { live_refresh_fails: true })
    try {
      expect(await client.getWithdrawal(withdrawal.id)).toMatchObject({
        stale: true,
        withdrawal: { status: 'approved' },
      })
    } finally {
      await consoleCall(url, 'POST', 'settings', { live_refresh_fails: false })
    }
  })

  it.each<[string, { mode: string; status: number; retry_after?: number }]>([
    ['429 with Retry-After', { mode: 'status', status: 429, retry_after: 1 }],
    ['500', { mode: 'status', status: 500 }],
    ['503 with Retry-After', { mode: 'status', status: 503, retry_after: 1 }],
  ])('retries a read after %s with a freshly signed attempt', async (_label, f) => {
    await fault({ method: 'GET', path_prefix: '/api/v1/wallets', times: 2, ...f })
    const t0 = Date.now()
    const wallets = await client.listWallets()
    expect(wallets.length).toBeGreaterThan(0)
    const tail = (await requestLog(url)).filter((r) => r.key_id === key.keyId).slice(-3)
    expect(tail.map((r) => r.status)).toEqual([f.status, f.status, 200])
    if (f.retry_after) expect(Date.now() - t0).toBeGreaterThanOrEqual(1900)
  })

  it.each([
    ['drop_after_commit', { mode: 'drop_after_commit' }],
    ['500', { mode: 'status', status: 500 }],
    ['503', { mode: 'status', status: 503, retry_after: 0 }],
    ['429', { mode: 'status', status: 429, retry_after: 0 }],
  ])('retries a payout after %s with the same key and body: exactly one withdrawal', async (_label, f) => {
    const k = crypto.randomUUID()
    await fault({ method: 'POST', path_prefix: '/api/v1/withdrawals', times: 2, ...f })
    const answer = await client.createWithdrawal(payout(), k)
    const attempts = (await requestLog(url)).filter((r) => r.idempotency_key === k)
    expect(attempts).toHaveLength(3)
    expect(new Set(attempts.map((a) => a.signature)).size).toBe(3)
    const recorded = (
      await consoleCall<Array<{ id: string; idempotency_key: string }>>(url, 'GET', 'withdrawals')
    ).filter((w) => w.idempotency_key === k)
    expect(recorded.map((w) => w.id)).toEqual([answer.withdrawal.id])
    expect(answer.replay).toBe(f.mode === 'drop_after_commit')
  })

  it('re-posts a destination and repeats a cancel after a dropped answer', async () => {
    const input = {
      network: 'ethereum-sepolia',
      address: '0x' + 'cd'.repeat(20),
      counterparty_type: 'company' as const,
      company_name: 'Drop Co',
      wallet_type: 'unhosted' as const,
      country: 'FR',
    }
    await fault({ method: 'POST', path_prefix: '/api/v1/counterparties', mode: 'drop_after_commit', times: 1 })
    expect(await client.createCounterparty(input)).toMatchObject({ alreadyExists: true })
    const { withdrawal } = await client.createWithdrawal(payout(), crypto.randomUUID())
    await fault({
      method: 'POST',
      path_prefix: `/api/v1/withdrawals/${withdrawal.id}/cancel`,
      mode: 'drop_after_commit',
      times: 1,
    })
    expect((await client.cancelWithdrawal(withdrawal.id)).status).toBe('cancelled')
  })

  it('gives up after bounded attempts with a clear error', async () => {
    await fault({ method: 'GET', path_prefix: '/api/v1/counterparties', mode: 'status', status: 500, times: 5 })
    await expect(client.listCounterparties()).rejects.toMatchObject({
      status: 500,
      code: 'internal_error',
      message: expect.stringMatching(/gave up after 5 attempts/),
    })
  })

  it('learns the clock offset on invalid_timestamp and retries once', async () => {
    const skewed = makeClient(url, key.signer, {
      clock: { now: () => Date.now() - 3600_000, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
    })
    try {
      expect((await skewed.listWallets()).length).toBeGreaterThan(0)
      expect(skewed.sender.clockOffsetSeconds).toBeGreaterThanOrEqual(3599)
      const tail = (await requestLog(url)).filter((r) => r.key_id === key.keyId).slice(-2)
      expect(tail.map((r) => r.error_code ?? r.status)).toEqual(['invalid_timestamp', 200])
    } finally {
      await skewed.sender.close()
    }
  })

  it('paces concurrent callers under a short window without a single 429', async () => {
    const own = await registerKey(url, (await setupWorkspace(url)).workspaceId)
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: 5, rate_limit_window_s: 2 })
    const paced = makeClient(url, own.signer, { pacer: new Pacer({ limit: 5, windowSeconds: 2 }) })
    try {
      await Promise.all(Array.from({ length: 12 }, () => paced.listWallets()))
      const mine = (await requestLog(url)).filter((r) => r.key_id === own.keyId)
      expect(mine).toHaveLength(12)
      expect(mine.filter((r) => r.status === 429)).toHaveLength(0)
    } finally {
      await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: 120, rate_limit_window_s: 60 })
      await paced.sender.close()
    }
  })

  it('never sent one signature twice in this whole run', async () => {
    const log = await requestLog(url)
    expect(log.length).toBeGreaterThan(40)
    expect(reusedSignatures(log)).toBe(0)
  })
})
