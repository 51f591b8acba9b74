import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DESTINATION,
  ETH,
  json,
  startConnectorFixture,
  type Connected,
  type ConnectorFixture,
} from './connector-fixture'

let f: ConnectorFixture
let c: Connected
let walletId: string
let counterpartyId: string

beforeAll(async () => {
  f = await startConnectorFixture()
  await f.profile('agent', { writeTools: true })
  // These tests are about the tools themselves: no rule of the policy (policy.test.ts tests those).
  await f.setPolicy('agent')
  c = await f.connect('agent')
}, 60_000)

afterAll(async () => {
  await f?.close()
})

/** Every POST /api/v1/withdrawals the provider received with this key. */
async function postsWithKey(key: string) {
  return (await f.console.requests()).filter(
    (r) => r.method === 'POST' && r.path.startsWith('/api/v1/withdrawals') && r.idempotency_key === key,
  )
}

describe('connector tools against the simulator', () => {
  it('list_wallets and get_wallet', async () => {
    const list = await c.call('list_wallets')
    expect(list.isError).toBeFalsy()
    const wallets = (list.structuredContent as { data: { id: string; name: string }[] }).data
    expect(wallets.map((w) => w.name).sort()).toEqual(['Main', 'Reserve'])
    expect(json(list)).toEqual(list.structuredContent)
    walletId = wallets.find((w) => w.name === 'Main')!.id
    const one = await c.call('get_wallet', { wallet_id: walletId })
    expect(one.structuredContent).toMatchObject({ data: { id: walletId, name: 'Main' } })
  })

  it('create_counterparty, then list_counterparties', async () => {
    const body = {
      network: ETH.network,
      address: DESTINATION,
      counterparty_type: 'company',
      company_name: 'Acme Ltd',
      wallet_type: 'unhosted',
      country: 'DE',
      label: 'Acme',
    }
    const created = await c.call('create_counterparty', body)
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy()
    const cp = created.structuredContent as { data: { id: string; can_send: boolean }; already_exists: boolean }
    expect(cp.already_exists).toBe(false)
    expect(cp.data.can_send).toBe(false)
    counterpartyId = cp.data.id
    expect((await c.call('create_counterparty', body)).structuredContent).toMatchObject({
      already_exists: true,
      data: { id: counterpartyId },
    })
    await f.console.verify(counterpartyId)
    const list = await c.call('list_counterparties')
    expect((list.structuredContent as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ id: counterpartyId, can_send: true }),
    ])
  })

  it('list_transactions pages with next_cursor; get_transaction', async () => {
    const first = await c.call('list_transactions', { limit: 2, wallet_id: walletId })
    const page1 = first.structuredContent as { data: { id: string }[]; next_cursor: string | null }
    expect(page1.data).toHaveLength(2)
    expect(page1.next_cursor).toEqual(expect.any(String))
    const second = await c.call('list_transactions', { limit: 2, wallet_id: walletId, cursor: page1.next_cursor })
    const page2 = second.structuredContent as { data: { id: string }[]; next_cursor: string | null }
    expect(page2.data).toHaveLength(1)
    expect(page2.next_cursor).toBeNull()
    expect(page2.data[0]!.id).not.toBe(page1.data[0]!.id)
    const future = await c.call('list_transactions', { created_after: '2999-01-01T00:00:00Z' })
    expect(future.structuredContent).toEqual({ data: [], next_cursor: null })
    const tx = await c.call('get_transaction', { transaction_id: page1.data[0]!.id })
    expect((tx.structuredContent as { data: { id: string }[] }).data[0]!.id).toBe(page1.data[0]!.id)
  })

  it('request_withdrawal survives a dropped answer; a retry with the same key pays once; cancel_withdrawal', async () => {
    const key = `agent-${Date.now()}`
    const args = {
      idempotency_key: key,
      wallet_id: walletId,
      asset: 'ETH',
      amount: '0.01',
      destination: DESTINATION,
      network: ETH.network,
    }
    await f.console.faults({ method: 'POST', path_prefix: '/api/v1/withdrawals', mode: 'drop_after_commit', times: 1 })
    const first = await c.call('request_withdrawal', args)
    expect(first.isError, JSON.stringify(first.content)).toBeFalsy()
    const made = first.structuredContent as {
      data: { id: string; status: string }
      retried: boolean
      idempotency_key: string
    }
    expect(made).toMatchObject({ idempotency_key: key, retried: false })
    // The dropped attempt and its retry, both under the agent's key.
    expect(await postsWithKey(key)).toHaveLength(2)

    const again = await c.call('request_withdrawal', { ...args })
    expect(again.structuredContent).toMatchObject({ data: { id: made.data.id }, retried: true })
    expect(await postsWithKey(key)).toHaveLength(2)
    const byKey = await c.call('list_withdrawals', { idempotency_key: key })
    expect((byKey.structuredContent as { data: { id: string }[] }).data.map((w) => w.id)).toEqual([made.data.id])

    const conflict = await c.call('request_withdrawal', { ...args, amount: '0.02' })
    expect(conflict.isError).toBe(true)
    expect(json(conflict).error.code).toBe('idempotency_conflict')

    const cancelled = await c.call('cancel_withdrawal', { withdrawal_id: made.data.id })
    expect(cancelled.isError, JSON.stringify(cancelled.content)).toBeFalsy()
    expect(cancelled.structuredContent).toMatchObject({ data: { id: made.data.id, status: 'cancelled' } })
    const read = await c.call('get_withdrawal', { withdrawal_id: made.data.id })
    expect(read.structuredContent).toMatchObject({ data: { status: 'cancelled' }, stale: false })
  })

  it('an outcome lost twice (POST dropped, lookup failing) is a tool error; the retry with the same key finds the one payout', async () => {
    const key = `agent-lost-${Date.now()}`
    const args = {
      idempotency_key: key,
      wallet_id: walletId,
      asset: 'ETH',
      amount: '0.02',
      destination: DESTINATION,
      network: ETH.network,
    }
    await f.console.faults({ method: 'POST', path_prefix: '/api/v1/withdrawals', mode: 'drop_after_commit', times: 5 })
    await f.console.faults({ method: 'GET', path_prefix: '/api/v1/withdrawals', mode: 'status', status: 503, times: 5 })
    const lost = await c.call('request_withdrawal', args)
    expect(lost.isError).toBe(true)
    expect(json(lost).error.message).toMatch(/same idempotency_key/)

    const retry = await c.call('request_withdrawal', args)
    expect(retry.isError, JSON.stringify(retry.content)).toBeFalsy()
    expect(retry.structuredContent).toMatchObject({ retried: true, data: { amount: '0.02' } })
    const byKey = await c.call('list_withdrawals', { idempotency_key: key })
    expect((byKey.structuredContent as { data: unknown[] }).data).toHaveLength(1)
    // The retry looked the payout up instead of posting it again.
    expect(await postsWithKey(key)).toHaveLength(5)
  }, 30_000)

  it('list_withdrawals pages with next_offset; get_withdrawal', async () => {
    const page = await c.call('list_withdrawals', { limit: 1, wallet_id: walletId })
    const p1 = page.structuredContent as { data: { id: string }[]; next_offset: number | null }
    expect(p1.data).toHaveLength(1)
    expect(p1.next_offset).toBe(1)
    const p2 = (await c.call('list_withdrawals', { limit: 1, offset: 1 })).structuredContent as {
      data: { id: string }[]
      next_offset: number | null
    }
    expect(p2.data).toHaveLength(1)
    expect(p2.data[0]!.id).not.toBe(p1.data[0]!.id)
    expect(p2.next_offset).toBeNull()
    const one = await c.call('get_withdrawal', { withdrawal_id: p1.data[0]!.id })
    expect(one.structuredContent).toMatchObject({ data: { id: p1.data[0]!.id } })
  })

  it('bad arguments are tool errors and the server keeps serving', async () => {
    const long = await c.call('get_wallet', { wallet_id: 'w'.repeat(129) })
    expect(long.isError).toBe(true)
    expect(JSON.stringify(long.content)).toMatch(/wallet_id/)
    const float = await c.call('request_withdrawal', {
      idempotency_key: 'float-1',
      wallet_id: walletId,
      asset: 'ETH',
      amount: 0.5,
      destination: DESTINATION,
    })
    expect(float.isError).toBe(true)
    expect(JSON.stringify(float.content)).toMatch(/amount/)
    const unknown = await c.call('list_wallets', { include_hidden: true })
    expect(unknown.isError).toBe(true)
    expect(JSON.stringify(unknown.content)).toMatch(/include_hidden|unrecognized/i)
    const noKey = await c.call('request_withdrawal', {
      wallet_id: walletId,
      asset: 'ETH',
      amount: '1',
      destination: DESTINATION,
    })
    expect(noKey.isError).toBe(true)
    expect(JSON.stringify(noKey.content)).toMatch(/idempotency_key/)
    const longKey = await c.call('list_withdrawals', { idempotency_key: 'k'.repeat(129) })
    expect(longKey.isError).toBe(true)
    // None of these reached the provider as a payout.
    expect(await postsWithKey('float-1')).toEqual([])
    expect((await c.call('list_wallets')).isError).toBeFalsy()
  })

  it('a provider error carries its code, message and X-Request-Id', async () => {
    const missing = await c.call('get_withdrawal', { withdrawal_id: '00000000-0000-4000-8000-000000000000' })
    expect(missing.isError).toBe(true)
    const { error } = json(missing)
    expect(error.code).toBe('withdrawal_not_found')
    expect(error.message).toEqual(expect.any(String))
    const logged = (await f.console.requests()).filter((r) => r.path.startsWith('/api/v1/withdrawals/00000000'))
    expect(error.request_id).toBe(logged.at(-1)!.request_id)
    const unverified = await c.call('request_withdrawal', {
      idempotency_key: `unverified-${Date.now()}`,
      wallet_id: walletId,
      asset: 'USDC',
      amount: '1',
      destination: '0x12117fBe20eB4DDc1365D4746FfC5Cde8a4B47b0',
      network: 'polygon-amoy',
    })
    expect(unverified.isError).toBe(true)
    // Checked against the book before anything is recorded or sent, as the provider would refuse it.
    expect(json(unverified).error).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/destination in the book/),
      request_id: null,
    })
  })
})
