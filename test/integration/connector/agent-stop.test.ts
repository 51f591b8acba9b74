import { DatabaseSync } from 'node:sqlite'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
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

/** The stop switch through a real connector: a queued and a held agent payout are both refused at the send gate. */
let f: ConnectorFixture
let p: Profile
let c: Connected
let walletId: string
const company = {
  network: ETH.network,
  counterparty_type: 'company',
  company_name: 'Acme Ltd',
  wallet_type: 'unhosted',
  country: 'DE',
}

// The agent's profile, its connector and a verified destination are made here, not in the test: with them the test
// held a key generation and two connector starts in its 30 s, which a crowded machine overran.
beforeAll(async () => {
  f = await startConnectorFixture()
  p = await f.profile('stopped', { writeTools: true })
  await f.setPolicy('stopped', ['--max-per-payout', 'ETH=1', '--max-per-day', 'ETH=5'])
  c = await f.connect('stopped')
  walletId = (json(await c.call('list_wallets')).data as Array<{ id: string; name: string }>).find(
    (w) => w.name === 'Main',
  )!.id
  await f.console.verify(
    json(await c.call('create_counterparty', { ...company, address: DESTINATION, label: 'Acme' })).data.id,
  )
}, 60_000)

afterAll(async () => {
  await f?.close()
})

function inStore<T>(p: Profile, use: (d: DatabaseSync) => T): T {
  const d = new DatabaseSync(join(profileDir(f.home, p.id), STORE_FILE), LOCK_WAIT)
  try {
    return use(d)
  } finally {
    d.close()
  }
}

function outboxRow(p: Profile, key: string): { state: string; error: { code: string; rule?: string } | null } {
  const row = inStore(p, (d) => d.prepare('SELECT state, error FROM outbox WHERE key = ?').get(key)) as {
    state: string
    error: string | null
  }
  return { state: row.state, error: row.error === null ? null : JSON.parse(row.error) }
}

/**
 * A queued payout's time moved to now. Only once the agent is stopped: due earlier, a connector decided it under the
 * policy of that moment (held by --hold-all on a loaded machine, where the steps between took seconds).
 */
const dueNow = (p: Profile, key: string) =>
  inStore(p, (d) =>
    d.prepare('UPDATE outbox SET not_before = ? WHERE key = ?').run(new Date(Date.now() - 1000).toISOString(), key),
  )

const postsWithKey = async (key: string) =>
  (await f.console.requests()).filter(
    (r) => r.method === 'POST' && /^\/api\/v1\/withdrawals(\?|$)/.test(r.path) && r.idempotency_key === key,
  )

it('`agent stop` refuses a queued and a held agent payout at the send gate (rule agent_stopped), tells the agent, and is audited', async () => {
  const pay = (key: string, amount: string) =>
    c.call('request_withdrawal', {
      idempotency_key: key,
      wallet_id: walletId,
      asset: 'ETH',
      amount,
      destination: DESTINATION,
      network: ETH.network,
    })

  await f.console.faults({
    method: 'POST',
    path_prefix: '/api/v1/withdrawals',
    mode: 'status',
    status: 503,
    retry_after: 86_400,
    times: 1,
  })
  await pay('stop-queued', '0.2')
  expect(outboxRow(p, 'stop-queued').state).toBe('queued')
  await f.setPolicy('stopped', ['--max-per-payout', 'ETH=1', '--max-per-day', 'ETH=5', '--hold-all', 'on'])
  expect(json(await pay('stop-held', '0.3')).error.code).toBe('payout_held')

  const stop = await f.cli(['agent', 'stop', '--profile', 'stopped', '--reason', 'incident 42'])
  expect(stop.code, stop.stderr).toBe(0)

  // The queued one is decided at its time by any connector of the profile: refused, not sent again.
  dueNow(p, 'stop-queued')
  const reader = await f.connect('stopped')
  expect((await reader.call('list_wallets')).isError).toBeFalsy()
  // Until the connector has decided it, however long a loaded machine takes: the test's timeout bounds the wait.
  while (outboxRow(p, 'stop-queued').state === 'queued') await new Promise((r) => setTimeout(r, 100))
  await reader.close()
  expect(outboxRow(p, 'stop-queued')).toMatchObject({
    state: 'refused',
    error: { code: 'policy_denied', rule: 'agent_stopped' },
  })
  expect(await postsWithKey('stop-queued')).toHaveLength(1)

  // The held one cannot be released, not even by naming the rule.
  const release = await f.cli(['held', 'release', 'stop-held', '--profile', 'stopped', '--override', 'agent_stopped'])
  expect(release.code).toBe(1)
  expect(release.stderr).toMatch(/agent_stopped/)
  expect(await postsWithKey('stop-held')).toHaveLength(0)

  // The agent hears why, for a payout and for a new destination.
  const fresh = json(await pay('stop-new', '0.1')).error
  expect(fresh.code).toBe('policy_denied')
  expect(fresh.message).toMatch(/agent_stopped.*incident 42/)
  expect(
    json(await c.call('create_counterparty', { ...company, address: DESTINATION, label: 'Acme' })).error,
  ).toMatchObject({ code: 'policy_denied', rule: 'agent_stopped' })
  expect(await postsWithKey('stop-new')).toHaveLength(0)

  expect((await f.cli(['agent', 'resume', '--profile', 'stopped'])).code).toBe(0)
  const paths = auditText(profileDir(f.home, p.id))
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((e) => e.kind === 'decision' && e.path.startsWith('agent.'))
  expect(paths).toMatchObject([
    { path: 'agent.stopped', actor: 'cli', detail: { reason: 'incident 42' } },
    { path: 'agent.resumed', actor: 'cli' },
  ])
})
