import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { profileDir } from '../../../electron/core/profiles'
import { DeskStore } from '../../../electron/core/store'
import { NO_RULES } from '../../../shared/policy/policy-schema'
import { seedAgentRequests, type SeedRequest } from '../../harness/agent-requests-seed'
import { DESTINATION, ETH, json, startConnectorFixture, type ConnectorFixture } from './connector-fixture'

/** `policy backtest` over a seeded month and the agent's own requests, and the policy file's round trip. */
let f: ConnectorFixture

beforeAll(async () => {
  f = await startConnectorFixture()
}, 60_000)

afterAll(async () => {
  await f?.close()
})

const DAY = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * 35 days, one request a day: 0.1 ETH held for a person, 0.2 ETH allowed and sent, 0.3 ETH refused, in turn; the
 * last 5 are older than the 30 days asked.
 */
function month(now: number): SeedRequest[] {
  return Array.from({ length: 35 }, (_, i) => {
    const kind = i % 3
    return {
      key: `seed-${i}`,
      at: new Date(now - i * DAY - 3_600_000),
      asset: 'ETH',
      network: ETH.network,
      address: DESTINATION,
      amount: ['0.1', '0.2', '0.3'][kind]!,
      path: (['policy.held', 'policy.allowed', 'policy.denied'] as const)[kind]!,
      rule: ['hold_all', null, 'max_per_payout'][kind]!,
      state: (['held', 'accepted', null] as const)[kind]!,
    }
  })
}

it('replays a seeded month and the connector’s own requests under a proposed policy, totals asserted', async () => {
  const p = await f.profile('backtest', { writeTools: true })
  await f.setPolicy('backtest', ['--max-per-payout', 'ETH=0.01'])
  const c = await f.connect('backtest')
  const walletId = (json(await c.call('list_wallets')).data as Array<{ id: string; name: string }>).find(
    (w) => w.name === 'Main',
  )!.id
  const company = { counterparty_type: 'company', company_name: 'Acme Ltd', wallet_type: 'unhosted', country: 'DE' }
  const entry = { ...company, network: ETH.network, address: DESTINATION, label: 'Acme' }
  await f.console.verify(json(await c.call('create_counterparty', entry)).data.id)
  // A refusal the connector records now keeps the payout's facts, so it is replayed too.
  const refused = await c.call('request_withdrawal', {
    idempotency_key: 'live-refused',
    wallet_id: walletId,
    asset: 'ETH',
    amount: '0.05',
    destination: DESTINATION,
    network: ETH.network,
  })
  expect(json(refused).error.rule).toBe('max_per_payout')
  await c.close()

  const now = Date.now()
  const store = DeskStore.open(profileDir(f.home, p.id), 'test')
  try {
    const prices = Array.from({ length: 40 }, (_, i) => ({ date: day(now - i * DAY), asset: 'ETH', price: '3000' }))
    seedAgentRequests(store, month(now - 60_000), prices)
  } finally {
    store.close()
  }
  // The proposed policy in the file form `policy show --json` prints.
  const file = join(f.home, 'proposed.json')
  writeFileSync(file, JSON.stringify({ kind: 'set', policy: { ...NO_RULES, maxUsdPerPayout: '500' } }))
  const r = await f.cli(['policy', 'backtest', '--profile', 'backtest', '--file', file, '--days', '30', '--json'])
  expect(r.code, r.stderr).toBe(0)
  const report = JSON.parse(r.stdout)
  // 30 seeded days (10 of each kind) and the live refusal (0.05 ETH = 150 USD: allowed now).
  expect(report).toMatchObject({ requests: 31, skipped: 0, would: { allowed: 11, held: 0, refused: 20 } })
  expect(report.changes).toEqual(
    expect.arrayContaining([
      { would: 'allowed', was: 'held', count: 10 },
      { would: 'refused', was: 'sent', count: 10 },
      { would: 'allowed', was: 'refused', count: 1 },
    ]),
  )
  expect(report.changes).toHaveLength(3)
  expect(report.rows.find((row: { key: string }) => row.key === 'seed-1')).toMatchObject({
    happened: { outcome: 'allowed', sent: true },
    would: { outcome: 'refused', rule: 'max_usd_per_payout' },
  })

  const text = await f.cli(['policy', 'backtest', '--profile', 'backtest', '--file', file])
  expect(text.stdout).toContain('10 allowed that were held; 1 allowed that was refused; 10 refused that were sent')
})

it('the file `policy show --json` prints is what `policy set --file` and the backtest take', async () => {
  await f.profile('round-trip')
  await f.setPolicy('round-trip', [
    '--max-per-payout',
    'ETH=0.5',
    '--max-usd-per-day',
    '2500',
    '--max-payouts-per-hour',
    '4',
    '--hours',
    'mon-fri 09:00-17:30',
    '--time-zone',
    'Europe/Berlin',
    '--outside-hours',
    'refuse',
  ])
  const shown = await f.cli(['policy', 'show', '--profile', 'round-trip', '--json'])
  expect(shown.code, shown.stderr).toBe(0)
  const file = join(f.home, 'round-trip.json')
  writeFileSync(file, shown.stdout)
  const set = await f.cli(['policy', 'set', '--profile', 'round-trip', '--file', file])
  expect(set.code, set.stderr).toBe(0)
  const again = JSON.parse((await f.cli(['policy', 'show', '--profile', 'round-trip', '--json'])).stdout)
  expect(again.policy).toEqual(JSON.parse(shown.stdout).policy)
  expect(again.policy).toMatchObject({
    maxUsdPerDay: '2500',
    maxPayoutsPerHour: 4,
    hours: {
      timeZone: 'Europe/Berlin',
      outside: 'refuse',
      windows: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:30' }],
    },
  })
  const backtest = await f.cli(['policy', 'backtest', '--profile', 'round-trip', '--file', file, '--json'])
  expect(backtest.code, backtest.stderr).toBe(0)
  expect(JSON.parse(backtest.stdout)).toMatchObject({ requests: 0 })
})
