import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NO_RULES } from '../../../shared/policy/policy-schema'
import type { Withdrawal } from '../../../shared/api/resources'
import { Outbox } from '../../../electron/core/payouts/outbox'
import type { CheckedPayout } from '../../../electron/core/payouts/preflight'
import { AgentPolicy, PolicyError, PolicySettings } from '../../../electron/core/policy/use-cases'
import { AGENT_REQUESTER } from '../../../electron/core/payouts/use-cases'
import { DeskStore, STORE_FILE } from '../../../electron/core/store'

const AGENT = AGENT_REQUESTER
const NOW = new Date('2026-11-23T12:00:00.000Z')
const DAY = 24 * 60 * 60 * 1000
const body = (amount: string) => ({
  wallet_id: 'w1',
  asset: 'ETH',
  amount,
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ethereum-sepolia',
})
const checked = (amount: string): CheckedPayout => ({
  body: body(amount),
  wallet: {
    id: 'w1',
    name: 'Main',
    status: 'active',
    address: '0x1',
    deposit_addresses: [],
    networks: [],
    balances: [],
    total_usd: 0,
  },
  destination: {
    id: 'cp-1',
    label: 'Acme',
    network: 'ethereum-sepolia',
    network_name: 'Ethereum Sepolia',
    address: body(amount).destination,
    direction: 'send',
    status: 'verified',
    can_send: true,
    verified_at: '2026-11-01T00:00:00.000Z',
    counterparty_type: 'company',
    company_name: 'Acme',
    wallet_type: 'unhosted',
    country: 'DE',
    created_at: '2026-11-01T00:00:00.000Z',
  },
  book: [],
})

describe('the agent policy over the profile store', () => {
  let dir: string
  let store: DeskStore
  let outbox: Outbox
  let policy: AgentPolicy
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agent-policy-'))
    store = DeskStore.open(dir, 'test')
    outbox = Outbox.open(store)
    policy = new AgentPolicy(store, AGENT)
    new PolicySettings(store, { actor: 'cli', person: 'tester' }).set(
      { ...NO_RULES, maxPerDay: { ETH: '1' } },
      null,
      NOW,
    )
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  const admit = (key: string, amount: string, at = NOW) =>
    outbox.add(body(amount), AGENT, at, key, {
      admit: () => (policy.admitPayout(key, checked(amount), at).outcome === 'hold' ? 'held' : 'sending'),
    })
  const denial = async (key: string, amount: string) => {
    const err = await admit(key, amount).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(PolicyError)
    return err as PolicyError
  }

  it('the rolling window: a payout made exactly 24 hours ago counts, one a millisecond older does not', async () => {
    await outbox.add(body('0.5'), AGENT, new Date(NOW.getTime() - DAY - 1), 'old')
    await outbox.add(body('0.25'), AGENT, new Date(NOW.getTime() - DAY), 'edge')
    expect((await denial('k1', '0.750000000000000001')).remaining).toBe('0.75')
    expect((await admit('k2', '0.75')).state).toBe('sending')
  })

  it('refused, discarded and cancelled payouts and other requesters leave the total; held and unknown ones count', async () => {
    await outbox.add(body('0.4'), AGENT, NOW, 'refused')
    await outbox.mark('refused', 'refused', { error: { code: 'destination_not_whitelisted', message: 'x' } })
    await outbox.add(body('0.4'), AGENT, NOW, 'discarded', { state: 'queued' })
    await outbox.mark('discarded', 'discarded')
    await outbox.add(body('0.4'), AGENT, NOW, 'cancelled')
    await outbox.mark('cancelled', 'accepted', { withdrawalId: 'w-cancelled' })
    store.withdrawals.put({ id: 'w-cancelled', status: 'cancelled' } as Withdrawal)
    await outbox.add(body('5'), 'alice', NOW, 'person')
    await outbox.add(body('0.3'), AGENT, NOW, 'held', { state: 'held' })
    await outbox.add(body('0.3'), AGENT, NOW, 'unknown')
    await outbox.mark('unknown', 'unknown')
    expect((await denial('k1', '0.400000000000000001')).remaining).toBe('0.4')
    expect((await admit('k2', '0.4')).state).toBe('sending')
  })

  it('a refused payout sent again is checked again, without counting itself', async () => {
    await outbox.add(body('0.9'), AGENT, NOW, 'other')
    await outbox.add(body('0.2'), AGENT, NOW, 'again')
    await outbox.mark('again', 'refused', { error: { code: 'withdrawal_failed', message: 'x' } })
    const err = await outbox
      .claim('again', ['refused'], () => ({
        state: policy.admitPayout('again', checked('0.2'), NOW).outcome === 'hold' ? 'held' : 'sending',
      }))
      .catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'policy_denied', rule: 'max_per_day', remaining: '0.1' })
    expect(outbox.get('again').state).toBe('refused')
  })

  it("an entry counts from its last attempt to send: refused two days ago and sent again an hour ago, it is in today's total", async () => {
    let clock = new Date(NOW.getTime() - 2 * DAY)
    const timed = Outbox.open(store, () => clock)
    await timed.add(body('0.6'), AGENT, clock, 'resent')
    await timed.mark('resent', 'refused', { error: { code: 'no_approver_available', message: 'x' } })
    clock = new Date(NOW.getTime() - 60 * 60 * 1000)
    await timed.claim('resent', ['refused'], () => ({ state: 'sending' }))
    expect((await denial('k1', '0.400000000000000001')).remaining).toBe('0.4')
  })

  it('a store error denies: nothing is recorded', async () => {
    store.close()
    await expect(admit('k1', '0.1')).rejects.toThrow()
    store = DeskStore.open(dir, 'test')
    outbox = Outbox.open(store)
    expect(outbox.list().map((e) => e.idempotencyKey)).toEqual([])
  })

  it('a retry of a held payout says the rule that held it; a damaged record of that decision is refused, not guessed', async () => {
    new PolicySettings(store, { actor: 'cli', person: 'tester' }).set({ ...NO_RULES, holdAll: true }, null, NOW)
    expect((await admit('held', '0.1')).state).toBe('held')
    expect(policy.stillHeld('held')).toMatchObject({ code: 'payout_held', rule: 'hold_all' })
    const db = new DatabaseSync(join(dir, STORE_FILE))
    db.prepare(
      "UPDATE audit SET entry = json_set(entry, '$.detail.rule', 'hold_nothing') WHERE json_extract(entry, '$.path') = 'policy.held'",
    ).run()
    db.close()
    expect(() => policy.stillHeld('held')).toThrow(
      expect.objectContaining({
        code: 'record_corrupt',
        message: expect.stringMatching(
          /why payout held is held is damaged \(detail\.rule: .*\); the payout stays held/,
        ),
      }),
    )
  })
})
