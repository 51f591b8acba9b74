import { DatabaseSync } from 'node:sqlite'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileDir, type Profile } from '../../../electron/core/profiles'
import { STORE_FILE } from '../../../electron/core/store'
import { auditText } from '../../harness/store-reader'
import {
  DESTINATION,
  ETH,
  json,
  startConnectorFixture,
  type Connected,
  type ConnectorFixture,
  LOCK_WAIT,
} from './connector-fixture'

/**
 * Issue 34, findings 1 and 3: a rule is decided when the payout is sent, not only when it was asked for. Real
 * connector processes over MCP, the CLI as a person runs it, the simulator's 503 with Retry-After.
 */
let f: ConnectorFixture
let walletId: string

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
  await f.console.verify(
    json(await c.call('create_counterparty', { ...company, address: DESTINATION, label: 'Acme' })).data.id,
  )
  await c.close()
}, 60_000)

afterAll(async () => {
  await f?.close()
})

let keys = 0
const newKey = (what: string) => `${what}-${Date.now()}-${++keys}`
const pay = (c: Connected, key: string, amount: string) =>
  c.call('request_withdrawal', {
    idempotency_key: key,
    wallet_id: walletId,
    asset: 'ETH',
    amount,
    destination: DESTINATION,
    network: ETH.network,
  })

const postsWithKey = async (key: string) =>
  (await f.console.requests()).filter(
    (r) => r.method === 'POST' && /^\/api\/v1\/withdrawals(\?|$)/.test(r.path) && r.idempotency_key === key,
  )

function db(p: Profile): DatabaseSync {
  return new DatabaseSync(join(profileDir(f.home, p.id), STORE_FILE), LOCK_WAIT)
}

function outboxRow(
  p: Profile,
  key: string,
): { state: string; error: { code: string; rule?: string; message: string } | null } {
  const d = db(p)
  try {
    const row = d.prepare('SELECT state, error FROM outbox WHERE key = ?').get(key) as {
      state: string
      error: string | null
    }
    return { state: row.state, error: row.error === null ? null : JSON.parse(row.error) }
  } finally {
    d.close()
  }
}

/**
 * The provider's wait is over: the payout's not-before time moves to the past (the processes run on the real clock).
 */
function waitIsOver(p: Profile, key: string): void {
  const d = db(p)
  try {
    d.prepare('UPDATE outbox SET not_before = ? WHERE key = ?').run(new Date(Date.now() - 1000).toISOString(), key)
  } finally {
    d.close()
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** An agent payout the provider answers with 503 and a Retry-After of a day: it waits in the outbox, queued. */
async function queuedPayout(c: Connected, p: Profile, amount: string): Promise<string> {
  const key = newKey('queued')
  await f.console.faults({
    method: 'POST',
    path_prefix: '/api/v1/withdrawals',
    mode: 'status',
    status: 503,
    retry_after: 86_400,
    times: 1,
  })
  await pay(c, key, amount)
  expect(outboxRow(p, key).state).toBe('queued')
  expect(await postsWithKey(key)).toHaveLength(1)
  return key
}

/** A connector that only reads (as in the finding, `list_wallets` was enough) runs the queued sends at their time. */
async function readOnlyConnectorAt(p: Profile, key: string): Promise<void> {
  waitIsOver(p, key)
  const reader = await f.connect(p.name)
  expect((await reader.call('list_wallets')).isError).toBeFalsy()
  await until(() => outboxRow(p, key).state !== 'queued', 'the queued payout to be decided')
  await reader.close()
}

describe('one gate before every send', () => {
  it('a queued agent payout whose cap was tightened meanwhile is not sent at its time; it is refused naming the rule', async () => {
    const p = await f.profile('tightened', { writeTools: true })
    await f.setPolicy('tightened', ['--max-per-payout', 'ETH=1', '--max-per-day', 'ETH=1'])
    const c = await f.connect('tightened')
    const key = await queuedPayout(c, p, '0.5')
    await f.setPolicy('tightened', ['--max-per-payout', 'ETH=0.001'])
    await readOnlyConnectorAt(p, key)

    expect(outboxRow(p, key)).toMatchObject({
      state: 'refused',
      error: { code: 'policy_denied', rule: 'max_per_payout' },
    })
    expect(await postsWithKey(key)).toHaveLength(1)
    const outbox = await f.cli(['outbox', '--profile', 'tightened'])
    expect(outbox.stdout).toContain('refused (rule max_per_payout)')
    // The agent's retry under the same key hears the rule, and nothing more goes out.
    const retry = await pay(c, key, '0.5')
    expect(json(retry).error).toMatchObject({ code: 'policy_denied', rule: 'max_per_payout' })
    expect(await postsWithKey(key)).toHaveLength(1)
  })

  it('after `policy clear` a queued agent payout is held for a person at its time, not sent', async () => {
    const p = await f.profile('cleared', { writeTools: true })
    await f.setPolicy('cleared', ['--max-per-day', 'ETH=1'])
    const c = await f.connect('cleared')
    const key = await queuedPayout(c, p, '0.3')
    expect((await f.cli(['policy', 'clear', '--profile', 'cleared'])).code).toBe(0)
    await readOnlyConnectorAt(p, key)

    expect(outboxRow(p, key).state).toBe('held')
    expect(await postsWithKey(key)).toHaveLength(1)
    expect(JSON.parse((await f.cli(['held', 'list', '--profile', 'cleared', '--json'])).stdout)).toEqual([
      expect.objectContaining({ idempotencyKey: key }),
    ])
  })

  it("with the agent's write tools turned off, a queued agent payout is refused at its time (rule agent_write_tools_off)", async () => {
    const p = await f.profile('switched', { writeTools: true })
    await f.setPolicy('switched', ['--max-per-day', 'ETH=1'])
    const c = await f.connect('switched')
    const key = await queuedPayout(c, p, '0.2')
    expect((await f.cli(['policy', 'clear', '--profile', 'switched'])).code).toBe(0)
    expect((await f.cli(['profile', 'set', 'switched', '--agent-write-tools', 'off'])).code).toBe(0)
    await readOnlyConnectorAt(p, key)

    expect(outboxRow(p, key)).toMatchObject({
      state: 'refused',
      error: { code: 'agent_write_tools_off', rule: 'agent_write_tools_off' },
    })
    expect(await postsWithKey(key)).toHaveLength(1)
  })

  it('a held payout above the policy in force now is released only with --override naming the rule, and the override is audited', async () => {
    const p = await f.profile('override', { writeTools: true })
    await f.setPolicy('override', ['--max-per-payout', 'ETH=1', '--hold-all', 'on'])
    const c = await f.connect('override')
    const key = newKey('held')
    expect(json(await pay(c, key, '0.4')).error.code).toBe('payout_held')
    await f.setPolicy('override', ['--max-per-payout', 'ETH=0.1', '--hold-all', 'on'])

    const refused = await f.cli(['held', 'release', key, '--profile', 'override'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/max_per_payout/)
    expect(refused.stderr).toMatch(/--override max_per_payout/)
    expect(outboxRow(p, key).state).toBe('held')
    expect(await postsWithKey(key)).toHaveLength(0)
    // Naming another rule overrides nothing.
    expect((await f.cli(['held', 'release', key, '--profile', 'override', '--override', 'max_per_day'])).code).toBe(1)
    expect(await postsWithKey(key)).toHaveLength(0)

    const released = await f.cli(['held', 'release', key, '--profile', 'override', '--override', 'max_per_payout'])
    expect(released.code, released.stderr).toBe(0)
    expect(await postsWithKey(key)).toHaveLength(1)
    const rows = auditText(profileDir(f.home, p.id))
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((e) => e.kind === 'decision' && e.idempotencyKey === key)
    // Two refused releases, then the policy's denial that the person overrode, the override and the release.
    expect(rows.map((e) => e.path).filter((path) => path !== 'payout.held')).toEqual([
      'policy.held',
      'policy.denied',
      'policy.denied',
      'policy.denied',
      'held.override',
      'held.released',
    ])
    expect(rows.find((e) => e.path === 'held.override')).toMatchObject({
      actor: 'cli',
      detail: { rule: 'max_per_payout' },
    })
  })
})

describe('what the policy counts is tamper-evident (finding 6)', () => {
  it("the agent's outbox times moved back two days: the policy still refuses, and `audit verify` names the row", async () => {
    const p = await f.profile('tampered', { writeTools: true })
    await f.setPolicy('tampered', ['--max-per-day', 'ETH=0.6'])
    const c = await f.connect('tampered')
    const first = newKey('counted')
    expect((await pay(c, first, '0.5')).isError).toBeFalsy()
    expect(json(await pay(c, newKey('over'), '0.2')).error).toMatchObject({
      code: 'policy_denied',
      rule: 'max_per_day',
    })
    expect((await f.cli(['audit', 'verify', '--profile', 'tampered'])).code).toBe(0)

    // Another local process moves the agent's outbox times back two days.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3_600_000).toISOString()
    const d = db(p)
    d.prepare('UPDATE outbox SET created_at = ?, updated_at = ? WHERE key = ?').run(twoDaysAgo, twoDaysAgo, first)
    d.prepare('UPDATE outbox_outcomes SET at = ? WHERE key = ?').run(twoDaysAgo, first)
    d.close()

    const after = newKey('after-edit')
    const refused = json(await pay(c, after, '0.2')).error
    expect(refused).toMatchObject({ code: 'policy_denied', rule: 'counts_tampered' })
    expect(refused.message).toContain(first)
    expect(await postsWithKey(after)).toEqual([])
    const verify = await f.cli(['audit', 'verify', '--profile', 'tampered'])
    expect(verify.code).toBe(1)
    expect(verify.stderr).toContain(`the outbox row ${first} was changed`)
  })
})
