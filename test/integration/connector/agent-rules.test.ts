import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileDir, type Profile } from '../../../electron/core/profiles'
import { NO_RULES, type Policy } from '../../../shared/policy/policy-schema'
import { auditText } from '../../harness/store-reader'
import {
  DESTINATION,
  ETH,
  json,
  startConnectorFixture,
  type Connected,
  type ConnectorFixture,
} from './connector-fixture'

/** USD limits across assets, payout hours and velocity, through a real connector, decided at the send gate. */
const OTHER_DESTINATION = '0x52908400098527886E0F7030069857D2E4169EE7'
const TODAY = new Date().toISOString().slice(0, 10)
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)

let f: ConnectorFixture
let walletId: string
let keys = 0
const newKey = (what: string) => `${what}-${Date.now()}-${++keys}`

beforeAll(async () => {
  f = await startConnectorFixture()
  await f.profile('setup', { writeTools: true })
  await f.setPolicy('setup')
  const c = await f.connect('setup')
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
  for (const [address, network, name] of [
    [DESTINATION, ETH.network, 'Acme'],
    [OTHER_DESTINATION, ETH.network, 'Other'],
    [OTHER_DESTINATION, 'polygon-amoy', 'Other'],
  ] as const)
    await f.console.verify(
      json(
        await c.call('create_counterparty', { ...company, company_name: `${name} Ltd`, network, address, label: name }),
      ).data.id,
    )
  await c.close()
}, 60_000)

afterAll(async () => {
  await f?.close()
})

/** A profile with write tools, the price table given (ETH 3000 USD today, 2000 yesterday; no USDC) and `policy`. */
async function profileWith(name: string, policy: Partial<Policy>): Promise<{ p: Profile; c: Connected }> {
  const p = await f.profile(name, { writeTools: true })
  const prices = join(f.home, `${name}-prices.csv`)
  writeFileSync(prices, `date,asset,fiat,price\n${TODAY},ETH,USD,3000\n${YESTERDAY},ETH,USD,2000\n`)
  const imported = await f.cli(['history', 'prices', 'import', prices, '--profile', name])
  expect(imported.code, imported.stderr).toBe(0)
  await setPolicyFile(name, policy)
  return { p, c: await f.connect(name) }
}

async function setPolicyFile(name: string, policy: Partial<Policy>): Promise<void> {
  const file = join(f.home, `${name}-policy.json`)
  writeFileSync(file, JSON.stringify({ ...NO_RULES, ...policy }))
  const r = await f.cli(['policy', 'set', '--profile', name, '--file', file])
  expect(r.code, r.stderr).toBe(0)
}

function pay(c: Connected, key: string, amount: string, over: Record<string, unknown> = {}) {
  return c.call('request_withdrawal', {
    idempotency_key: key,
    wallet_id: walletId,
    asset: 'ETH',
    amount,
    destination: DESTINATION,
    network: ETH.network,
    ...over,
  })
}

type Result = Awaited<ReturnType<Connected['call']>>
function denied(result: Result, rule: string): string {
  expect(result.isError, JSON.stringify(result.content)).toBe(true)
  expect(json(result).error).toMatchObject({ code: 'policy_denied', rule })
  return json(result).error.message as string
}
function accepted(result: Result): void {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy()
}

const postsWithKey = async (key: string) =>
  (await f.console.requests()).filter(
    (r) => r.method === 'POST' && /^\/api\/v1\/withdrawals(\?|$)/.test(r.path) && r.idempotency_key === key,
  )

function decisions(
  p: Profile,
): Array<{ path: string; idempotencyKey: string | null; detail: Record<string, unknown> }> {
  return auditText(profileDir(f.home, p.id))
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((e) => e.kind === 'decision' && e.path.startsWith('policy.'))
}

describe('limits in USD across assets, through the price table', () => {
  it('per payout: valued at the rate of the day, shown with its date; an asset with no rate is refused', async () => {
    const { c } = await profileWith('usd-payout', { maxUsdPerPayout: '1000' })
    const over = newKey('usd-over')
    const message = denied(await pay(c, over, '0.34'), 'max_usd_per_payout')
    expect(message).toContain(`0.34 ETH = 1020.00 USD at 3000 USD per ETH (price table, ${TODAY})`)
    expect(await postsWithKey(over)).toEqual([])
    accepted(await pay(c, newKey('usd-ok'), '0.33'))
    const usdc = denied(
      await pay(c, newKey('usdc'), '1', { asset: 'USDC', network: 'polygon-amoy', destination: OTHER_DESTINATION }),
      'usd_no_rate',
    )
    expect(usdc).toContain(`no USD price of USDC for ${TODAY}`)
  })

  it('per 24 hours and per 7 days, across the payouts already made', async () => {
    const { c } = await profileWith('usd-window', { maxUsdPerDay: '1500' })
    accepted(await pay(c, newKey('d1'), '0.3'))
    const message = denied(await pay(c, newKey('d2'), '0.25'), 'max_usd_per_day')
    expect(message).toContain('900.00 USD was requested in the last 24 hours, so 600.00 USD is left')
    accepted(await pay(c, newKey('d3'), '0.2'))
    // Removing the day cap would allow more, and would wait for the policy delay: the week's cap has its own profile.
    const week = (await profileWith('usd-week', { maxUsdPer7Days: '1600' })).c
    accepted(await pay(week, newKey('w0'), '0.5'))
    expect(json(await pay(week, newKey('w1'), '0.05')).error).toMatchObject({
      rule: 'max_usd_per_7_days',
      remaining: '100.00',
    })
    accepted(await pay(week, newKey('w2'), '0.03'))
  })
})

/** An ISO weekday (1 Monday) that is not today in `zone`, by Intl. */
function notToday(zone: string): number {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(new Date())
  return ((['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(day) + 3) % 7) + 1
}

describe('payout hours', () => {
  it('outside the windows a payout is held or refused as set; inside, it passes', async () => {
    const zone = 'Pacific/Kiritimati'
    const elsewhere = { days: [notToday(zone)], from: '00:00', to: '24:00' }
    const { p, c } = await profileWith('hours', { hours: { timeZone: zone, windows: [elsewhere], outside: 'hold' } })
    const held = newKey('held')
    const r = await pay(c, held, '0.01')
    expect(json(r).error).toMatchObject({ code: 'payout_held', rule: 'hold_outside_hours' })
    expect(json(r).error.message).toContain(`(${zone})`)
    expect(await postsWithKey(held)).toEqual([])
    expect(decisions(p).find((d) => d.idempotencyKey === held)?.path).toBe('policy.held')

    // Refusing instead of holding allows less: it applies at once.
    await setPolicyFile('hours', { hours: { timeZone: zone, windows: [elsewhere], outside: 'refuse' } })
    denied(await pay(c, newKey('refused'), '0.01'), 'outside_hours')
    // A wider window would wait for the policy delay: inside the windows is shown on a profile of its own.
    const allWeek = { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00' }
    const open = (await profileWith('hours-open', { hours: { timeZone: zone, windows: [allWeek], outside: 'refuse' } }))
      .c
    accepted(await pay(open, newKey('inside'), '0.01'))
  })
})

describe('velocity', () => {
  it('at most N agent payouts per hour and per day', async () => {
    const { c } = await profileWith('velocity', { maxPayoutsPerHour: 2 })
    accepted(await pay(c, newKey('v1'), '0.001'))
    accepted(await pay(c, newKey('v2'), '0.001'))
    denied(await pay(c, newKey('v3'), '0.001'), 'max_payouts_per_hour')
    // A day's limit on a profile of its own (dropping the hourly one would wait for the policy delay).
    const day = (await profileWith('velocity-day', { maxPayoutsPerDay: 3 })).c
    for (const n of [1, 2, 3]) accepted(await pay(day, newKey(`d${n}`), '0.001'))
    denied(await pay(day, newKey('d4'), '0.001'), 'max_payouts_per_day')
  })

  it('at most M payouts to destinations first paid in the last 24 hours', async () => {
    const { c } = await profileWith('fresh', { maxNewDestinationPayoutsPerDay: 2 })
    accepted(await pay(c, newKey('n1'), '0.001'))
    accepted(await pay(c, newKey('n2'), '0.001'))
    const message = denied(
      await pay(c, newKey('n3'), '0.001', { destination: OTHER_DESTINATION }),
      'max_new_destination_payouts_per_day',
    )
    expect(message).toContain('At most 2 agent payouts in any 24 hours to destinations first paid')
  })
})

describe('one-time grants', () => {
  it('a grant lets one payout above the policy through once; racing sends use it once', async () => {
    const { p, c } = await profileWith('grant', { maxPerPayout: { ETH: '0.01' } })
    const other = await f.connect('grant')
    const key = newKey('granted')
    denied(await pay(c, newKey('not-granted'), '0.05'), 'max_per_payout')
    const scope = ['--asset', 'ETH', '--max', '0.05', '--destination', DESTINATION]
    const grant = await f.cli([
      'policy',
      'grant',
      '--profile',
      'grant',
      '--key',
      key,
      ...scope,
      '--reason',
      'invoice 7',
    ])
    expect(grant.code, grant.stderr).toBe(0)
    const answers = await Promise.all([pay(c, key, '0.05'), pay(other, key, '0.05')])
    expect(answers.some((a) => !a.isError)).toBe(true)
    expect(await postsWithKey(key)).toHaveLength(1)
    const uses = (k: string) => decisions(p).filter((d) => d.path === 'policy.grant_used' && d.idempotencyKey === k)
    expect(uses(key)).toHaveLength(1)
    expect(decisions(p).find((d) => d.path === 'policy.granted')).toMatchObject({
      idempotencyKey: key,
      detail: { reason: 'invoice 7' },
    })

    // Its first send fails at the provider (500 on all 5 attempts, nothing recorded there): the grant is used;
    // sending it again meets the policy.
    const twice = newKey('granted-twice')
    expect((await f.cli(['policy', 'grant', '--profile', 'grant', '--key', twice, ...scope])).code).toBe(0)
    await f.console.faults({
      method: 'POST',
      path_prefix: '/api/v1/withdrawals',
      mode: 'status',
      status: 500,
      times: 5,
    })
    const first = await pay(c, twice, '0.05')
    expect(first.isError).toBe(true)
    denied(await pay(c, twice, '0.05'), 'max_per_payout')
    expect(uses(twice)).toHaveLength(1)
    expect(await postsWithKey(twice)).toHaveLength(5)
  })
})
