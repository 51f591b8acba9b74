import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Profile } from '../../../electron/core/profiles'
import { NO_RULES, type Policy } from '../../../shared/policy/policy-schema'
import {
  DESTINATION,
  ETH,
  json,
  startConnectorFixture,
  type Connected,
  type ConnectorFixture,
} from './connector-fixture'

/**
 * Issue 47, findings 4 to 6: a control is bound to what it protects. A price import cannot loosen a USD limit at once,
 * a grant lets through only what it names, and a control row changed outside the desk stops the gate.
 */
const TODAY = new Date().toISOString().slice(0, 10)

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
  const made = json(
    await c.call('create_counterparty', {
      network: ETH.network,
      counterparty_type: 'company',
      company_name: 'Acme Ltd',
      wallet_type: 'unhosted',
      country: 'DE',
      address: DESTINATION,
      label: 'Acme',
    }),
  )
  await f.console.verify(made.data.id)
  await c.close()
}, 60_000)

afterAll(async () => {
  await f?.close()
})

/** A profile with write tools, ETH at 3000 USD today in its price table, and `policy`. */
async function profileWith(name: string, policy: Partial<Policy>): Promise<{ p: Profile; c: Connected }> {
  const p = await f.profile(name, { writeTools: true })
  await importPrices(name, `date,asset,fiat,price\n${TODAY},ETH,USD,3000\n`)
  const file = join(f.home, `${name}-policy.json`)
  writeFileSync(file, JSON.stringify({ ...NO_RULES, ...policy }))
  const r = await f.cli(['policy', 'set', '--profile', name, '--file', file])
  expect(r.code, r.stderr).toBe(0)
  return { p, c: await f.connect(name) }
}

async function importPrices(name: string, csv: string) {
  const file = join(f.home, `${name}-prices-${++keys}.csv`)
  writeFileSync(file, csv)
  const r = await f.cli(['history', 'prices', 'import', file, '--profile', name])
  expect(r.code, r.stderr).toBe(0)
  return r
}

function pay(c: Connected, key: string, amount: string) {
  return c.call('request_withdrawal', {
    idempotency_key: key,
    wallet_id: walletId,
    asset: 'ETH',
    amount,
    destination: DESTINATION,
    network: ETH.network,
  })
}

type Result = Awaited<ReturnType<Connected['call']>>
function refused(result: Result, code: string, rule?: string): string {
  expect(result.isError, JSON.stringify(result.content)).toBe(true)
  expect(json(result).error).toMatchObject({ code, ...(rule ? { rule } : {}) })
  return json(result).error.message as string
}

const postsWithKey = async (key: string) =>
  (await f.console.requests()).filter(
    (r) => r.method === 'POST' && /^\/api\/v1\/withdrawals(\?|$)/.test(r.path) && r.idempotency_key === key,
  )

describe('a grant names what it grants', () => {
  it('a grant by reason alone is a usage error; a bound grant refuses its key sent with anything else', async () => {
    const { c } = await profileWith('grant-bound', { maxPerPayout: { ETH: '0.01' } })
    const old = await f.cli(['policy', 'grant', '--profile', 'grant-bound', '--key', 'g0', '--reason', '0.2 ETH'])
    expect(old.code).toBe(2)
    expect(old.stderr).toContain('--key needs --asset, --max and --destination')

    const key = newKey('g1')
    const scope = ['--asset', 'ETH', '--max', '0.2', '--destination', DESTINATION]
    const granted = await f.cli(['policy', 'grant', '--profile', 'grant-bound', '--key', key, ...scope])
    expect(granted.code, granted.stderr).toBe(0)
    const larger = refused(await pay(c, key, '0.5'), 'policy_denied', 'grant_mismatch')
    expect(larger).toContain('at most 0.2 ETH')
    expect(await postsWithKey(key)).toHaveLength(0)
    expect((await pay(c, key, '0.2')).isError).toBeFalsy()
    expect(await postsWithKey(key)).toHaveLength(1)
  })
})
