import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NO_RULES } from '../../../shared/policy/policy-schema'
import { verifyAuditLog } from '../../../electron/core/audit/use-cases'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { AgentPolicy, PolicySettings } from '../../../electron/core/policy/use-cases'
import { AGENT_REQUESTER } from '../../../electron/core/payouts/use-cases'
import { DeskStore, STORE_FILE } from '../../../electron/core/store'
import { policyRepo } from '../../../electron/core/store/policy/policy-repo'

const NOW = new Date()
const TWO_DAYS_AGO = new Date(NOW.getTime() - 2 * 24 * 3_600_000).toISOString()
const body = (amount: string) => ({
  wallet_id: 'w1',
  asset: 'ETH',
  amount,
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ethereum-sepolia',
})

/** Issue 34, finding 6: every way another program could edit an agent's outbox row to slip under the daily cap. */
describe("the agent's daily totals against the audit chain", () => {
  let dir: string
  let store: DeskStore
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'counts-tamper-'))
    store = DeskStore.open(dir, 'test')
    new PolicySettings(store, { actor: 'cli', person: 'tester' }).set(
      { ...NO_RULES, maxPerDay: { ETH: '1' } },
      null,
      NOW,
    )
    await Outbox.open(store).add(body('0.9'), AGENT_REQUESTER, NOW, 'counted')
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  const edit = (sql: string, ...args: Array<string | null>) => {
    const db = new DatabaseSync(join(dir, STORE_FILE))
    // Another program, with no reason to keep the store's own constraints.
    db.exec('PRAGMA foreign_keys = OFF')
    db.prepare(sql).run(...args)
    db.close()
  }
  const spent = () =>
    store.read('count', () =>
      store
        .repo(policyRepo)
        .amountsSince(AGENT_REQUESTER, 'ETH', new Date(NOW.getTime() - 24 * 3_600_000).toISOString()),
    )

  it('counts the untouched row, and audit verify holds', () => {
    expect(spent()).toEqual(['0.9'])
    expect(verifyAuditLog(store, true)).toMatchObject({ ok: true })
  })

  it.each([
    [
      'times moved back two days',
      "UPDATE outbox SET created_at = ? WHERE key = 'counted'",
      TWO_DAYS_AGO,
      /its time is/,
    ],
    [
      'amount lowered',
      "UPDATE outbox SET body = json_set(body, '$.amount', ?) WHERE key = 'counted'",
      '0.1',
      /amount differs/,
    ],
    ['requester renamed', "UPDATE outbox SET requested_by = ? WHERE key = 'counted'", 'app', /names app as requester/],
    ['row deleted', "DELETE FROM outbox WHERE key = 'counted' AND ? IS NULL", null, /is gone/],
  ])('%s: the count refuses naming the row, and audit verify names it', (_what, sql, value, problem) => {
    edit(sql, value)
    expect(spent).toThrow(/counted/)
    expect(spent).toThrow(problem)
    const verified = verifyAuditLog(store, true)
    expect(verified).toMatchObject({ ok: false, brokenSeq: expect.any(Number) })
    expect(verified.problem).toMatch(/outbox row counted/)
  })

  it('the policy denies with the rule counts_tampered', async () => {
    edit("UPDATE outbox SET created_at = ? WHERE key = 'counted'", TWO_DAYS_AGO)
    const policy = new AgentPolicy(store, AGENT_REQUESTER)
    const checked = {
      body: body('0.5'),
      wallet: {} as never,
      destination: {
        id: 'd',
        network: 'ethereum-sepolia',
        address: body('0.5').destination,
        can_send: true,
        verified_at: null,
      } as never,
      book: [],
    }
    const err = await Outbox.open(store)
      .add(body('0.5'), AGENT_REQUESTER, NOW, 'next', {
        admit: () => (policy.admitPayout('next', checked, NOW).outcome === 'hold' ? 'held' : 'sending'),
      })
      .catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'policy_denied', rule: 'counts_tampered' })
  })
})
