import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AgentPolicy, PolicySettings } from '../../../electron/core/policy/use-cases'
import { policyHistory, showPolicy } from '../../../electron/core/policy/use-cases'
import { DeskStore } from '../../../electron/core/store'
import { NO_RULES } from '../../../shared/policy/policy-schema'

// Loosening waits, tightening is immediate: the policy in force is decided when it is read, with the reader's clock.
let dir: string
let store: DeskStore
const editor = { actor: 'cli' as const, person: 'alice' }
const T0 = new Date('2026-03-02T10:00:00.000Z')
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)
const settings = () => new PolicySettings(store, editor)
const inForce = (when: Date) => showPolicy(store, editor, when)

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'policy-loosening-'))
  store = DeskStore.open(dir, 'test')
  // The profile's first policy is its setup (the default held everything before it).
  settings().set({ ...NO_RULES, maxPerPayout: { ETH: '1' }, holdFirstPayout: true }, null, T0)
})
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a change to the agent policy', () => {
  it('that allows more (a higher cap) waits for the delay, shown as pending with its diff, then is in force', () => {
    const change = settings().set({ ...NO_RULES, maxPerPayout: { ETH: '5' }, holdFirstPayout: true }, null, at(1))
    expect(change).toMatchObject({ applied: false, pending: { effectiveAt: at(61).toISOString() } })
    const before = inForce(at(60))
    expect(before.policy?.maxPerPayout).toEqual({ ETH: '1' })
    expect(before.pending).toMatchObject({
      effectiveAt: at(61).toISOString(),
      setBy: 'cli (alice)',
      changes: [{ field: 'maxPerPayout', before: 'ETH=1', after: 'ETH=5' }],
    })
    // No process was awake at 61 minutes: the first read after it finds the new cap in force.
    const after = inForce(at(61))
    expect(after).toMatchObject({ kind: 'set', policy: { maxPerPayout: { ETH: '5' } }, pending: null })
    expect(after.setAt).toBe(at(61).toISOString())
    // A running connector's watch sees the moment pass, so the agent's tool description follows with no write.
    const agent = new AgentPolicy(store, 'agent')
    expect(agent.fingerprint(at(60))).toBe(agent.fingerprint(at(60.5)))
    expect(agent.fingerprint(at(61))).not.toBe(agent.fingerprint(at(60)))
  })

  it('that allows less (a lower cap, a hold switched on) applies at once', () => {
    settings().set({ ...NO_RULES, maxPerPayout: { ETH: '0.5' }, holdFirstPayout: true, holdAll: true }, null, at(1))
    expect(inForce(at(1))).toMatchObject({ policy: { maxPerPayout: { ETH: '0.5' }, holdAll: true }, pending: null })
  })

  it.each([
    ['a hold switched off', { maxPerPayout: { ETH: '1' }, holdFirstPayout: false }],
    ['a limit removed', { maxPerPayout: {}, holdFirstPayout: true }],
    ['a new hourly limit beside a cap removed', { maxPerPayout: {}, holdFirstPayout: true, maxRequestsPerHour: 3 }],
  ])('%s waits', (_name, rules) => {
    settings().set({ ...NO_RULES, ...rules }, null, at(1))
    expect(inForce(at(2)).pending).not.toBeNull()
  })

  it('to destinations: verified for longer applies at once, for less time waits', () => {
    const rules = { ...NO_RULES, maxPerPayout: { ETH: '1' }, holdFirstPayout: true }
    settings().set({ ...rules, destinations: { kind: 'verified_for', hours: 48 } }, null, at(1))
    expect(inForce(at(1)).pending).toBeNull()
    settings().set({ ...rules, destinations: { kind: 'verified_for', hours: 24 } }, null, at(2))
    expect(inForce(at(2))).toMatchObject({ policy: { destinations: { hours: 48 } }, pending: { changes: [{}] } })
  })

  it('that mixes both is split: the tighter fields at once, the whole policy after the delay', () => {
    settings().set({ ...NO_RULES, maxPerPayout: { ETH: '0.1' }, holdFirstPayout: false }, null, at(1))
    const now = inForce(at(2))
    expect(now.policy).toMatchObject({ maxPerPayout: { ETH: '0.1' }, holdFirstPayout: true })
    expect(now.pending?.changes).toEqual([{ field: 'holdFirstPayout', before: 'on', after: 'off' }])
    expect(inForce(at(61)).policy).toMatchObject({ maxPerPayout: { ETH: '0.1' }, holdFirstPayout: false })
  })

  it('waiting is cancelled by a person (audited); the policy in force stays, and stays after the time', () => {
    settings().set({ ...NO_RULES, maxPerPayout: { ETH: '5' }, holdFirstPayout: true }, null, at(1))
    settings().cancelPending(at(10))
    expect(inForce(at(120))).toMatchObject({ policy: { maxPerPayout: { ETH: '1' } }, pending: null })
    expect(() => settings().cancelPending(at(11))).toThrow(/No policy change is waiting/)
    const paths = store.audit.all().map((e) => e.path)
    expect(paths.slice(-3)).toEqual(['policy.set', 'policy.pending', 'policy.pending_cancelled'])
  })

  it('a clear that removes a cap waits; a later tightening replaces what waited', () => {
    settings().clear(at(1))
    expect(inForce(at(2)).pending).toMatchObject({ policy: null })
    settings().set({ ...NO_RULES, maxPerPayout: { ETH: '0.5' }, holdFirstPayout: true }, null, at(3))
    expect(inForce(at(120))).toMatchObject({ kind: 'set', policy: { maxPerPayout: { ETH: '0.5' } }, pending: null })
  })

  it('keeps every version with who, when and a field-by-field diff', () => {
    settings().set({ ...NO_RULES, maxPerPayout: { ETH: '5' }, holdFirstPayout: true }, null, at(1))
    settings().cancelPending(at(2))
    settings().set({ ...NO_RULES, maxPerPayout: { ETH: '0.5' }, holdFirstPayout: true }, null, at(3))
    const versions = policyHistory(store, editor, at(4))
    expect(versions.map((v) => [v.status, v.setBy, v.changes])).toEqual([
      ['applied', 'cli (alice)', [{ field: 'maxPerPayout', before: 'ETH=1', after: 'ETH=0.5' }]],
      ['cancelled', 'cli (alice)', [{ field: 'maxPerPayout', before: 'ETH=1', after: 'ETH=5' }]],
      ['applied', 'cli (alice)', expect.arrayContaining([{ field: 'holdAll', before: 'on', after: 'off' }])],
    ])
  })

  it('a shorter delay waits for the delay before it; a longer one applies at once', () => {
    expect(settings().setDelay(0, at(1))).toEqual({ minutes: 0, effectiveAt: at(61).toISOString() })
    expect(settings().delayMinutes(at(60))).toBe(60)
    expect(settings().delayMinutes(at(61))).toBe(0)
    settings().set({ ...NO_RULES, maxPerPayout: { ETH: '5' } }, null, at(62))
    expect(inForce(at(62))).toMatchObject({ policy: { maxPerPayout: { ETH: '5' } }, pending: null })
    expect(settings().setDelay(120, at(63)).effectiveAt).toBe(at(63).toISOString())
  })
})
