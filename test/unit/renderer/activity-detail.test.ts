import { describe, expect, it } from 'vitest'
import type { ActivityRow } from '@shared/ipc/channels/activity'
import { untrusted } from '@shared/text/untrusted-text'
import { activityDetail, processOf } from '../../../renderer/src/screens/activity/activity-detail'

const row = (over: Partial<ActivityRow>): ActivityRow => ({
  seq: 1,
  at: '2026-11-29T10:00:00Z',
  action: 'other',
  actor: 'app',
  person: null,
  method: 'GET',
  path: '/api/v1/wallets',
  status: 200,
  errorCode: null,
  idempotencyKey: null,
  ...over,
})

// Issue 54: Activity's detail said "LOCAL held.released" and "POST /api/v1/withdrawals · 201": the log's own words.
describe("an audit row's detail in a treasurer's words", () => {
  it('names a decision for what it was, with its payout key, never its internal path', () => {
    const d = activityDetail(
      row({ method: 'LOCAL', path: 'held.released', status: null, idempotencyKey: 'agent-released' }),
    )
    expect(d).toEqual({ words: 'Released', ref: null, outcome: null, key: 'agent-released', payout: null })
    expect(
      activityDetail(row({ method: 'LOCAL', path: 'policy.denied', errorCode: 'over_daily_limit' })),
    ).toMatchObject({ words: 'Refused by the policy', outcome: 'over daily limit' })
    expect(activityDetail(row({ method: 'LOCAL', path: 'retired.kind', status: null })).words).toBe(
      'Decision at the desk',
    )
  })

  it('names a provider call in words, with the wallet or payout it was about and how it ended', () => {
    expect(
      activityDetail(row({ method: 'POST', path: '/api/v1/withdrawals', status: 201, idempotencyKey: 'k1' })),
    ).toEqual({ words: 'Payout sent to the provider', ref: null, outcome: 'accepted', key: 'k1', payout: null })
    expect(activityDetail(row({ path: '/api/v1/wallets/w_42?x=1' }))).toMatchObject({
      words: 'Read a wallet',
      ref: { kind: 'wallet', id: 'w_42' },
      outcome: null,
    })
    expect(
      activityDetail(
        row({ method: 'POST', path: '/api/v1/withdrawals/wd_7/cancel', status: 409, errorCode: 'not_cancellable' }),
      ),
    ).toMatchObject({ ref: { kind: 'payout', id: 'wd_7' }, outcome: 'refused: not cancellable' })
    expect(activityDetail(row({ path: '/api/v1/transactions', status: 503 })).outcome).toBe('failed (HTTP 503)')
    expect(activityDetail(row({ method: 'DELETE', path: '/api/v1/x' })).words).toBe('Other call to the provider')
  })

  it('names what a payout paid and to whom, by network name, keeping its id to copy (never a guessed amount)', () => {
    const payout = {
      amount: '1200',
      asset: 'USDC',
      network: 'ethereum-sepolia',
      address: '0x00000000000000000000000000000000000000aa',
      destinationName: untrusted().parse('Acme GmbH'),
      payoutId: 'wd_7',
    }
    const sent = activityDetail(
      row({ method: 'POST', path: '/api/v1/withdrawals', status: 201, idempotencyKey: 'k1', payout }),
    )
    expect(sent).toMatchObject({ words: 'Payout sent to the provider', ref: null, outcome: 'accepted', key: 'k1' })
    expect(sent.payout).toEqual({
      amount: '1200',
      asset: 'USDC',
      to: 'Acme GmbH',
      network: 'Ethereum Sepolia',
      address: payout.address,
      payoutId: 'wd_7',
    })
    // The cancel's payout is named by what it paid; its id moves to the payout, not shown twice.
    const cancel = activityDetail(row({ method: 'POST', path: '/api/v1/withdrawals/wd_7/cancel', payout }))
    expect(cancel).toMatchObject({ words: 'Cancel sent to the provider', ref: null, payout: { payoutId: 'wd_7' } })
    const held = activityDetail(
      row({
        method: 'LOCAL',
        path: 'held.released',
        idempotencyKey: 'k1',
        payout: { ...payout, destinationName: null },
      }),
    )
    expect(held.payout).toMatchObject({ to: null, network: 'Ethereum Sepolia' })
    // A row whose payout the store no longer knows says only what it knows: its key or its payout id.
    expect(activityDetail(row({ method: 'LOCAL', path: 'held.released', idempotencyKey: 'gone' }))).toMatchObject({
      payout: null,
      key: 'gone',
    })
    expect(activityDetail(row({ method: 'POST', path: '/api/v1/withdrawals/wd_9/cancel' }))).toMatchObject({
      payout: null,
      ref: { kind: 'payout', id: 'wd_9' },
    })
  })

  it("names the agent's tool calls", () => {
    expect(activityDetail(row({ method: 'MCP', path: 'tool:request_withdrawal', status: null })).words).toBe(
      'Agent requested a payout',
    )
    expect(activityDetail(row({ method: 'MCP', path: 'tool:new_tool', status: null })).words).toBe('Agent tool call')
  })

  it('never shows a raw method, path or dotted internal name', () => {
    const paths = ['held.released', 'people.role_changed', 'seat.four_eyes_set', 'desk.unlock_failed']
    for (const path of paths) {
      const { words } = activityDetail(row({ method: 'LOCAL', path, status: null }))
      expect(words).not.toMatch(/[._]|LOCAL/)
      expect(words[0]).toBe(words[0]!.toUpperCase())
    }
    expect(activityDetail(row({ method: 'POST', path: '/api/v1/counterparties' })).words).not.toMatch(/\/|POST/)
  })

  it('names the process once beside the person: "Ada · app", not "Ada · app (Ada)"', () => {
    expect(processOf({ actor: 'app (Ada)', person: 'Ada' })).toBe('app')
    expect(processOf({ actor: 'cli', person: null })).toBe('cli')
    expect(processOf({ actor: 'agent (Bo)', person: 'Ada' })).toBe('agent (Bo)')
    expect(processOf({ actor: null, person: null })).toBeNull()
  })
})
