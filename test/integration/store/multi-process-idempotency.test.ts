import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileDir } from '../../../electron/core/profiles'
import { DeskStore } from '../../../electron/core/store'
import {
  DESTINATION,
  ETH,
  json,
  startConnectorFixture,
  type Connected,
  type ConnectorFixture,
} from '../connector/connector-fixture'

/**
 * Two connector processes on one profile (two agents, or one restarted beside a stale one). A key
 * one of them had accepted is reused by the other for a different payout: the store, which both
 * read, refuses it before anything is sent. With a per-process outbox the second process knew
 * nothing of the key and sent it; only the provider's 409 stood between it and a wrong payout.
 */
describe('an Idempotency-Key accepted in one process, reused with another body in a second', () => {
  let f: ConnectorFixture
  let first: Connected
  let second: Connected
  let walletId: string
  let dir: string

  beforeAll(async () => {
    f = await startConnectorFixture()
    dir = profileDir(f.home, (await f.profile('agents', { writeTools: true })).id)
    // No policy rule: this test is about the shared outbox (a profile without a policy holds every agent payout).
    await f.setPolicy('agents')
    first = await f.connect('agents')
    second = await f.connect('agents')
    walletId = (json(await first.call('list_wallets')) as { data: Array<{ id: string; name: string }> }).data.find(
      (w) => w.name === 'Main',
    )!.id
    const created = json(
      await first.call('create_counterparty', {
        network: ETH.network,
        address: DESTINATION,
        counterparty_type: 'company',
        company_name: 'Acme Ltd',
        wallet_type: 'unhosted',
        country: 'DE',
      }),
    ) as { data: { id: string } }
    await f.console.verify(created.data.id)
  }, 60_000)
  afterAll(async () => {
    await f?.close()
  })

  const postsWithKey = async (key: string) =>
    (await f.console.requests()).filter(
      (r) => r.method === 'POST' && r.path.startsWith('/api/v1/withdrawals') && r.idempotency_key === key,
    )

  it('is refused locally as idempotency_conflict; the accepted entry and the provider record are untouched', async () => {
    const key = `agent-${Date.now()}`
    const body = { wallet_id: walletId, asset: 'ETH', amount: '0.01', destination: DESTINATION, network: ETH.network }
    const made = await first.call('request_withdrawal', { idempotency_key: key, ...body })
    expect(made.isError, JSON.stringify(made.content)).toBeFalsy()
    const withdrawalId = (made.structuredContent as { data: { id: string } }).data.id

    const reused = await second.call('request_withdrawal', { idempotency_key: key, ...body, amount: '0.02' })
    expect(reused.isError).toBe(true)
    expect(json(reused)).toMatchObject({ error: { code: 'idempotency_conflict' } })
    expect(await postsWithKey(key)).toHaveLength(1)
    const store = DeskStore.open(dir, 'test')
    try {
      expect(store.outbox.get(key)).toMatchObject({ state: 'accepted', withdrawalId, body: { amount: '0.01' } })
    } finally {
      store.close()
    }

    // The same payout retried from the second process is read back, not sent again.
    const retried = await second.call('request_withdrawal', { idempotency_key: key, ...body })
    expect(retried.structuredContent).toMatchObject({ retried: true, data: { id: withdrawalId, amount: '0.01' } })
    expect(await postsWithKey(key)).toHaveLength(1)
    const recorded = (await f.console.call('GET', 'withdrawals')).body as {
      data: Array<{ idempotency_key: string; amount: string }>
    }
    expect(recorded.data.filter((w) => w.idempotency_key === key)).toEqual([
      expect.objectContaining({ amount: '0.01' }),
    ])
  })

  it('the same payout sent by both at once is one payout: the later caller hears it is in progress or gets it back, never a conflict', async () => {
    const body = { wallet_id: walletId, asset: 'ETH', amount: '0.001', destination: DESTINATION, network: ETH.network }
    const keys = Array.from({ length: 12 }, (_, i) => `agent-race-${Date.now()}-${i}`)
    const answers = await Promise.all(
      keys.flatMap((key) =>
        [first, second].map((c) => c.call('request_withdrawal', { idempotency_key: key, ...body })),
      ),
    )
    for (const answer of answers) {
      if (answer.isError) expect(json(answer)).toMatchObject({ error: { code: 'in_progress' } })
      else expect(answer.structuredContent).toMatchObject({ data: { amount: '0.001' } })
    }
    for (const key of keys) expect(await postsWithKey(key)).toHaveLength(1)
  })
})
