import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileDir, type Profile } from '../../../electron/core/profiles'
import { STORE_FILE } from '../../../electron/core/store'
import { auditText } from '../../harness/store-reader'
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
  return { ...r, file }
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

/** Raw SQL on the profile's desk.db, as another program on the machine could run it. */
function rawSql(p: Profile, sql: string, ...params: Array<string | number | null>): void {
  const db = new DatabaseSync(join(profileDir(f.home, p.id), STORE_FILE))
  try {
    db.exec('PRAGMA busy_timeout = 15000')
    db.prepare(sql).run(...params)
  } finally {
    db.close()
  }
}

function auditRows(p: Profile): Array<{ path: string; detail: Record<string, unknown> | null }> {
  return auditText(profileDir(f.home, p.id))
    .split('\n')
    .map((line) => JSON.parse(line))
}

async function verifyNames(name: string, row: RegExp): Promise<void> {
  const verify = await f.cli(['audit', 'verify', '--profile', name])
  expect(verify.code).toBe(1)
  expect(verify.stderr).toMatch(row)
}

describe('rates are a control', () => {
  it('a price that lowers a USD value waits (audited, shown, cancellable); a higher one applies at once', async () => {
    const { p, c } = await profileWith('rates-wait', { maxUsdPerPayout: '1000' })
    const cheap = await importPrices('rates-wait', `date,asset,fiat,price\n${TODAY},ETH,USD,0.0001\n`)
    const key = newKey('cheap')
    refused(await pay(c, key, '0.5'), 'policy_denied', 'max_usd_per_payout')
    expect(await postsWithKey(key)).toHaveLength(0)
    expect(cheap.stdout).toMatch(/1 prices lower an asset's USD value .* wait until/)
    const imported = auditRows(p).findLast((e) => e.path === 'prices.imported')!
    expect(imported.detail).toMatchObject({
      file_sha256: createHash('sha256').update(readFileSync(cheap.file)).digest('hex'),
      waiting: [[TODAY, 'ETH', 'USD', '3000', '0.0001']],
      set: [],
    })
    const waiting = await f.cli(['history', 'prices-waiting', '--profile', 'rates-wait'])
    expect(waiting.stdout).toMatch(new RegExp(`${TODAY} +ETH +0.0001 USD +waits until`))
    const cancelled = await f.cli(['history', 'prices-waiting', '--profile', 'rates-wait', '--cancel'])
    expect(cancelled.code, cancelled.stderr).toBe(0)
    expect(auditRows(p).at(-1)?.path).toBe('prices.pending_cancelled')

    await importPrices('rates-wait', `date,asset,fiat,price\n${TODAY},ETH,USD,4000\n`)
    refused(await pay(c, newKey('dearer'), '0.3'), 'policy_denied', 'max_usd_per_payout')
  })

  it('a price changed in the store is refused by the gate and named by audit verify', async () => {
    const { p, c } = await profileWith('rates-sql', { maxUsdPerPayout: '1000' })
    rawSql(p, "UPDATE price_table SET price = '0.0001' WHERE asset = 'ETH'")
    const key = newKey('sql-rate')
    const message = refused(await pay(c, key, '0.5'), 'store_tampered')
    expect(message).toContain(`price_table row ETH/USD/${TODAY}`)
    expect(await postsWithKey(key)).toHaveLength(0)
    await verifyNames('rates-sql', new RegExp(`price_table row ETH/USD/${TODAY}`))
  })
})

describe('every fact the gate reads is in the chain', () => {
  it('the audit row of agent stop rewritten: the gate refuses before a payout goes', async () => {
    const { p, c } = await profileWith('stop-row', {})
    expect((await f.cli(['agent', 'stop', '--profile', 'stop-row', '--reason', 'audit'])).code).toBe(0)
    expect(refused(await pay(c, newKey('stopped'), '0.01'), 'policy_denied')).toContain('agent_stopped')
    rawSql(
      p,
      'UPDATE audit SET entry = replace(entry, \'"agent.stopped"\', \'"agent.resumed"\') ' +
        "WHERE json_extract(entry, '$.path') = 'agent.stopped'",
    )
    const key = newKey('after-rewrite')
    const message = refused(await pay(c, key, '0.01'), 'store_tampered')
    const seq = /audit row (\d+)/.exec(message)![1]
    expect(await postsWithKey(key)).toHaveLength(0)
    await verifyNames('stop-row', new RegExp(`BROKEN at row ${seq}\\b`))
  })

  it('a payee confirmation inserted with SQL stops every send, named by the gate and audit verify', async () => {
    const { p, c } = await profileWith('confirm-row', {})
    rawSql(
      p,
      'INSERT INTO payee_confirmations (destination_id, confirmed_by, channel, note, confirmed_at, recorded_by) ' +
        "VALUES ('cp-forged', 'Mallory', 'phone', 'x', '2026-01-01T00:00:00.000Z', 'cli (mallory)')",
    )
    const key = newKey('confirmed')
    expect(refused(await pay(c, key, '0.01'), 'store_tampered')).toContain('payee_confirmations row cp-forged')
    expect(await postsWithKey(key)).toHaveLength(0)
    await verifyNames('confirm-row', /payee_confirmations row cp-forged/)
  })

  it('an alteration acknowledged or deleted with SQL stops every send', async () => {
    const { p, c } = await profileWith('altered-row', {})
    const first = json(await pay(c, newKey('first'), '0.01'))
    const id = first.data.id as string
    const altered = await f.console.call('POST', `withdrawals/${id}/alter`, { amount: '0.02' })
    expect(altered.status).toBe(200)
    await c.call('get_withdrawal', { withdrawal_id: id })
    refused(await pay(c, newKey('while-altered'), '0.01'), 'withdrawal_altered')

    rawSql(p, "UPDATE altered_withdrawals SET acknowledged_at = '2026-01-01T00:00:00.000Z', acknowledged_by = 'x'")
    const acked = newKey('acked')
    expect(refused(await pay(c, acked, '0.01'), 'store_tampered')).toContain(`altered_withdrawals row ${id}`)
    rawSql(p, 'DELETE FROM altered_withdrawals')
    expect(refused(await pay(c, acked, '0.01'), 'store_tampered')).toContain(`altered_withdrawals row ${id}`)
    expect(await postsWithKey(acked)).toHaveLength(0)
    await verifyNames('altered-row', new RegExp(`altered_withdrawals row ${id}`))
  })
})
