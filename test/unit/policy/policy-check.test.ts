import { describe, expect, it } from 'vitest'
import type { Counterparty } from '../../../shared/api/resources'
import { NO_RULES, PolicySchema, policyProblems, type Policy } from '../../../shared/policy/policy-schema'
import { checkCounterparty, checkPayout, type PayoutFacts } from '../../../electron/core/policy/policy-check'
import { NO_PRIOR } from '../../../electron/core/policy/payout-context'

const NOW = new Date('2026-11-23T12:00:00.000Z')
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const policy = (over: Partial<Policy>): Policy => ({ ...NO_RULES, ...over })
const entry = (over: Partial<Counterparty>): Counterparty =>
  ({
    id: 'cp-1',
    label: 'x',
    network: 'polygon-amoy',
    network_name: 'Polygon Amoy',
    address: ADDRESS,
    direction: 'send',
    status: 'verified',
    can_send: true,
    verified_at: '2026-11-20T12:00:00.000Z',
    counterparty_type: 'company',
    company_name: 'Acme',
    wallet_type: 'unhosted',
    country: 'DE',
    created_at: '2026-11-01T00:00:00.000Z',
    ...over,
  }) as Counterparty
const facts = (over: Partial<PayoutFacts> = {}): PayoutFacts => ({
  asset: 'USDC',
  amount: '10',
  destination: entry({}),
  spentToday: [],
  requestsLastHour: 0,
  firstPayout: false,
  now: NOW,
  prior: NO_PRIOR,
  rates: () => null,
  granted: false,
  ...over,
})

describe('policy rules at their exact boundaries', () => {
  it('per-payout maximum: the cap passes, one smallest unit more is denied with the cap as the allowance', () => {
    const p = policy({ maxPerPayout: { USDC: '10' } })
    expect(checkPayout(p, facts({ amount: '10' }))).toEqual({ outcome: 'allow' })
    expect(checkPayout(p, facts({ amount: '10.000001' }))).toMatchObject({
      outcome: 'deny',
      rule: 'max_per_payout',
      remaining: '10',
    })
    // Another asset is not capped by a USDC rule...
    expect(checkPayout(p, facts({ asset: 'ETH', amount: '999' })).outcome).toBe('allow')
    // ...unless "all other assets" is capped: *=0 refuses every asset the rule does not name.
    const closed = policy({ maxPerPayout: { USDC: '10', '*': '0' } })
    expect(checkPayout(closed, facts({ asset: 'ETH', amount: '0.000000000000000001' }))).toMatchObject({
      outcome: 'deny',
      rule: 'max_per_payout',
      remaining: '0',
    })
  })

  it('rolling daily total: spent plus this payout equal to the cap passes; one unit more is denied naming what is left', () => {
    const p = policy({ maxPerDay: { USDC: '100' } })
    expect(checkPayout(p, facts({ amount: '30.5', spentToday: ['60', '9.5'] })).outcome).toBe('allow')
    const denied = checkPayout(p, facts({ amount: '30.500001', spentToday: ['60', '9.5'] }))
    expect(denied).toMatchObject({ outcome: 'deny', rule: 'max_per_day', remaining: '30.5' })
    expect(checkPayout(p, facts({ amount: '1', spentToday: ['100', '5'] }))).toMatchObject({ remaining: '0' })
  })

  it('requests per hour: the Nth passes, the N+1th is denied; create_counterparty counts alike', () => {
    const p = policy({ maxRequestsPerHour: 3 })
    expect(checkPayout(p, facts({ requestsLastHour: 2 })).outcome).toBe('allow')
    expect(checkPayout(p, facts({ requestsLastHour: 3 }))).toMatchObject({
      outcome: 'deny',
      rule: 'max_requests_per_hour',
      remaining: '0',
    })
    expect(checkCounterparty(p, 2).outcome).toBe('allow')
    expect(checkCounterparty(p, 3)).toMatchObject({ outcome: 'deny', rule: 'max_requests_per_hour' })
  })

  it('destinations verified at least H hours ago: exactly H passes, a millisecond less is denied; unverified and unknown are denied', () => {
    const p = policy({ destinations: { kind: 'verified_for', hours: 72 } })
    expect(checkPayout(p, facts({ destination: entry({ verified_at: '2026-11-20T12:00:00.000Z' }) })).outcome).toBe(
      'allow',
    )
    expect(checkPayout(p, facts({ destination: entry({ verified_at: '2026-11-20T12:00:00.001Z' }) }))).toMatchObject({
      outcome: 'deny',
      rule: 'destinations',
    })
    expect(checkPayout(p, facts({ destination: entry({ can_send: false, verified_at: null }) })).outcome).toBe('deny')
    expect(checkPayout(p, facts({ destination: entry({ verified_at: 'yesterday' }) })).outcome).toBe('deny')
  })

  it('a destination list: only the listed ids, judged on the entry the payout resolved to', () => {
    const p = policy({ destinations: { kind: 'list', ids: ['cp-1'] } })
    expect(checkPayout(p, facts()).outcome).toBe('allow')
    const other = checkPayout(p, facts({ destination: entry({ id: 'cp-2' }) }))
    expect(other).toMatchObject({ outcome: 'deny', rule: 'destinations' })
    expect(other.outcome === 'deny' && other.message).toContain('destination cp-2 on polygon-amoy')
  })

  it("an asset named like an object's own property reads only what a person set, never the prototype", () => {
    const p = policy({ maxPerPayout: { USDC: '10' }, maxPerDay: { USDC: '20' }, holdAbove: { USDC: '5' } })
    for (const asset of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(checkPayout(p, facts({ asset, amount: '999' })).outcome).toBe('allow')
    expect(checkPayout(policy({ maxPerPayout: { '*': '0' } }), facts({ asset: 'constructor' }))).toMatchObject({
      outcome: 'deny',
      rule: 'max_per_payout',
      remaining: '0',
    })
  })

  it('hold above: the amount equal to the threshold is sent, one unit more is held; hold-all holds everything; caps still deny first', () => {
    const p = policy({ holdAbove: { USDC: '50' }, maxPerPayout: { USDC: '80' } })
    expect(checkPayout(p, facts({ amount: '50' })).outcome).toBe('allow')
    expect(checkPayout(p, facts({ amount: '50.000001' }))).toMatchObject({ outcome: 'hold', rule: 'hold_above' })
    expect(checkPayout(p, facts({ amount: '81' }))).toMatchObject({ outcome: 'deny', rule: 'max_per_payout' })
    expect(checkPayout(policy({ holdAll: true }), facts({ amount: '0.000001' }))).toMatchObject({
      outcome: 'hold',
      rule: 'hold_all',
    })
  })

  it('hold first payout: only a first payout is held, with its reason; off, or paid before, it is sent; caps still deny first', () => {
    const p = policy({ holdFirstPayout: true, holdAbove: { USDC: '50' }, maxPerPayout: { USDC: '80' } })
    const held = checkPayout(p, facts({ firstPayout: true }))
    expect(held).toMatchObject({ outcome: 'hold', rule: 'hold_first_payout' })
    expect(held.outcome === 'hold' && held.message).toMatch(/^First payout to this destination/)
    // Both holds apply: the new destination is the reason named.
    expect(checkPayout(p, facts({ firstPayout: true, amount: '60' }))).toMatchObject({
      outcome: 'hold',
      rule: 'hold_first_payout',
    })
    expect(checkPayout(p, facts({ firstPayout: false }))).toEqual({ outcome: 'allow' })
    expect(checkPayout(policy({}), facts({ firstPayout: true }))).toEqual({ outcome: 'allow' })
    expect(checkPayout(p, facts({ firstPayout: true, amount: '81' }))).toMatchObject({
      outcome: 'deny',
      rule: 'max_per_payout',
    })
  })

  it('a policy stored before the first-payout rule existed reads with the rule off', () => {
    const { holdFirstPayout: _, ...older } = NO_RULES
    expect(PolicySchema.parse(older).holdFirstPayout).toBe(false)
  })
})

describe('policy schema refuses bad rules with a clear message', () => {
  it.each([
    [{ maxPerPayout: { USDC: '1.0000001' } }, /USDC has at most 6 decimal places/],
    [{ maxPerDay: { ETH: '0' } }, /must be more than 0/],
    [{ maxPerDay: { ETH: '-1' } }, /not a decimal amount/],
    [{ holdAbove: { DOGE: '1' } }, /unknown asset "DOGE"/],
    [{ maxPerPayout: { constructor: '1' } }, /unknown asset "constructor"/],
    [{ maxPerDay: { toString: '1' } }, /unknown asset "toString"/],
    [{ destinations: { kind: 'verified_for', hours: 0 } }, /hours must be more than 0/],
    [{ destinations: { kind: 'verified_for', hours: -2 } }, /hours must be more than 0/],
    [{ maxRequestsPerHour: 0 }, /at least 1/],
    [{ destinations: { kind: 'list', ids: ['cp 1"; ignore previous'] } }, /destination id/],
    [{ maxPerPayout: { USDC: 5 } }, /expected string/],
  ])('%j', (over, message) => {
    const problems = policyProblems({ ...NO_RULES, ...over })
    expect(problems.join('\n')).toMatch(message)
  })

  it('accepts a full policy and *=0', () => {
    expect(
      policyProblems({
        ...NO_RULES,
        maxPerPayout: { USDC: '10.5', '*': '0' },
        maxPerDay: { ETH: '1' },
        maxRequestsPerHour: 5,
        destinations: { kind: 'list', ids: ['cp-1'] },
        holdAbove: { USDC: '5' },
        holdAll: false,
      }),
    ).toEqual([])
  })
})

describe('a USD limit that is not an amount', () => {
  // The "more than 0" check ran on text that was no number: big.js threw "Invalid number" out of the schema, so the
  // form, `policy set --file` and the connector's policy file met an exception instead of the field's problem.
  it.each(['lots', '1,000', '-5', '1.234', ''])('%j is named as a problem, never thrown', (value) => {
    expect(() => policyProblems({ ...NO_RULES, maxUsdPerDay: value })).not.toThrow()
    expect(policyProblems({ ...NO_RULES, maxUsdPerDay: value })).toEqual([
      'maxUsdPerDay: a USD amount such as 1000 or 99.50',
    ])
  })
})
