import { describe, expect, it } from 'vitest'
import type { ActivityRow } from '@shared/ipc/channels/activity'
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
    expect(d).toEqual({ words: 'Released', ref: null, outcome: null, key: 'agent-released' })
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
    ).toEqual({ words: 'Payout sent to the provider', ref: null, outcome: 'accepted', key: 'k1' })
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
