import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  DESTINATION,
  ETH,
  json,
  startConnectorFixture,
  type Connected,
  type ConnectorFixture,
} from './connector-fixture'

/**
 * Loosening waits, tightening is immediate, through the real CLI and a real connector: the connector keeps obeying
 * the policy in force while a loosening waits; `policy cancel-pending` drops it; every version is in `policy history`.
 */
let f: ConnectorFixture
let c: Connected
let walletId: string

beforeAll(async () => {
  f = await startConnectorFixture()
  await f.profile('lead', { writeTools: true })
  await f.setPolicy('lead', ['--max-per-payout', 'ETH=0.001'])
  c = await f.connect('lead')
  walletId = (json(await c.call('list_wallets')).data as Array<{ id: string; name: string }>).find(
    (w) => w.name === 'Main',
  )!.id
  const company = { network: ETH.network, counterparty_type: 'company', company_name: 'Acme Ltd' }
  const counterparty = { ...company, wallet_type: 'unhosted', country: 'DE', address: DESTINATION, label: 'Acme' }
  await f.console.verify(json(await c.call('create_counterparty', counterparty)).data.id)
}, 60_000)

afterAll(async () => {
  await f?.close()
})

let keys = 0
const pay = (amount: string) =>
  c.call('request_withdrawal', {
    idempotency_key: `loosen-${Date.now()}-${++keys}`,
    wallet_id: walletId,
    asset: 'ETH',
    amount,
    destination: DESTINATION,
    network: ETH.network,
  })
const ruleOf = (result: Awaited<ReturnType<Connected['call']>>) =>
  result.isError ? (json(result).error as { rule: string }).rule : 'allowed'
const show = async () => JSON.parse((await f.cli(['policy', 'show', '--profile', 'lead', '--json'])).stdout)

it('a higher cap waits (pending, with its diff, cancellable) while the connector keeps the lower one', async () => {
  expect(ruleOf(await pay('0.005'))).toBe('max_per_payout')
  const set = await f.cli(['policy', 'set', '--profile', 'lead', '--max-per-payout', 'ETH=1'])
  expect(set.code, set.stderr).toBe(0)
  expect(set.stdout).toMatch(/Waiting until \S+ \(set by cli \(.+\); cancel: payout-desk policy cancel-pending\)/)
  expect(set.stdout).toContain('maxPerPayout: ETH=0.001 -> ETH=1')
  expect(await show()).toMatchObject({
    policy: { maxPerPayout: { ETH: '0.001' } },
    pending: { setBy: expect.any(String) },
  })
  expect((await show()).delayMinutes).toBe(60)
  // The agent is still held to the cap in force.
  expect(ruleOf(await pay('0.005'))).toBe('max_per_payout')

  const cancelled = await f.cli(['policy', 'cancel-pending', '--profile', 'lead'])
  expect(cancelled.code, cancelled.stderr).toBe(0)
  expect((await show()).pending).toBeNull()
  expect((await f.cli(['policy', 'cancel-pending', '--profile', 'lead'])).code).not.toBe(0)
})

it('a lower cap applies at once: the next agent payout is held to it', async () => {
  expect(ruleOf(await pay('0.001'))).toBe('allowed')
  expect((await f.cli(['policy', 'set', '--profile', 'lead', '--max-per-payout', 'ETH=0.0005'])).code).toBe(0)
  expect((await show()).pending).toBeNull()
  expect(ruleOf(await pay('0.001'))).toBe('max_per_payout')
})

it('`policy history` lists every version with who, when, its state and each field it changed', async () => {
  const json = JSON.parse((await f.cli(['policy', 'history', '--profile', 'lead', '--json'])).stdout) as Array<{
    status: string
    changes: unknown[]
  }>
  expect(json.map((v) => v.status)).toEqual(['applied', 'cancelled', 'applied'])
  expect(json[0]!.changes).toEqual([{ field: 'maxPerPayout', before: 'ETH=0.001', after: 'ETH=0.0005' }])
  const text = (await f.cli(['policy', 'history', '--profile', 'lead'])).stdout
  expect(text).toMatch(/#2 set by cli \(.+\) at \S+, cancelled, was due \S+\n {4}maxPerPayout: ETH=0.001 -> ETH=1/)
})
