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

beforeAll(async () => {
  f = await startConnectorFixture()
  await f.profile('agent', { writeTools: true })
  await f.setPolicy('agent', ['--hold-first-payout', 'on'])
  c = await f.connect('agent')
  walletId = (json(await c.call('list_wallets')).data as Array<{ id: string; name: string }>).find(
    (w) => w.name === 'Main',
  )!.id
  const company = {
    network: ETH.network,
    counterparty_type: 'company',
    company_name: 'Acme Ltd',
    wallet_type: 'unhosted',
    country: 'DE',
  }
  await f.console.verify(
    json(await c.call('create_counterparty', { ...company, address: DESTINATION, label: 'Acme' })).data.id,
  )
}, 60_000)

afterAll(async () => {
  await c?.close()
  await f?.close()
})

// The same address spelled lower-case: the provider's equality, so it is the destination paid before.
const pay = (key: string, destination = DESTINATION) =>
  c.call('request_withdrawal', {
    idempotency_key: key,
    wallet_id: walletId,
    asset: 'ETH',
    amount: '0.01',
    destination,
    network: ETH.network,
  })

describe('--hold-first-payout on, enforced by the connector', () => {
  it('holds the first payout to a destination, and no longer once a payout to it has completed', async () => {
    const first = json(await pay('first-1'))
    expect(first.error).toMatchObject({ code: 'payout_held', rule: 'hold_first_payout' })
    expect(first.error.message).toContain('First payout to this destination')
    const held = await f.cli(['held', 'list', '--profile', 'agent'])
    expect(held.stdout).toContain('held by rule hold_first_payout: First payout to this destination')

    const released = await f.cli(['held', 'release', 'first-1', '--profile', 'agent'])
    expect(released.code, released.stderr).toBe(0)
    const withdrawalId = /recorded payout (\S+) /.exec(released.stdout)![1]!

    // Released but not completed: the destination has still never been paid.
    expect(json(await pay('first-2')).error).toMatchObject({ code: 'payout_held', rule: 'hold_first_payout' })

    for (const step of ['approve', 'process', 'complete'] as const) await f.console.withdrawalAction(withdrawalId, step)
    const second = await pay('second-1', DESTINATION.toLowerCase())
    expect(second.isError, JSON.stringify(second.content)).toBeFalsy()
    expect(json(second).data).toMatchObject({ amount: '0.01', status: expect.any(String) })
  })
})
