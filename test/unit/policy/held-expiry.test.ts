import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Outbox } from '../../../electron/core/payouts/outbox'
import type { PayoutRequests } from '../../../electron/core/payouts/use-cases'
import { HeldExpiry, HeldPayouts } from '../../../electron/core/policy/use-cases'
import { DeskStore } from '../../../electron/core/store'

const HELD_AT = new Date('2026-11-23T12:00:00.000Z')
const HOUR = 3_600_000
const body = {
  wallet_id: 'w1',
  asset: 'ETH',
  amount: '0.5',
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ethereum-sepolia',
}
const editor = { actor: 'app' as const, person: 'tester' }

describe('held payouts expire on the injected clock', () => {
  let dir: string
  let store: DeskStore
  let now: Date
  const clock = () => now
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'held-expiry-'))
    store = DeskStore.open(dir, 'test')
    await Outbox.open(store).add(body, 'agent', HELD_AT, 'k1', { state: 'held' })
    now = HELD_AT
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('waits its default 24 hours to the millisecond, then is discarded as held_expired with an audit row', () => {
    const expiry = new HeldExpiry(store, 'app', clock)
    now = new Date(HELD_AT.getTime() + 24 * HOUR - 1)
    expect(expiry.expireDue()).toEqual([])
    expect(store.outbox.get('k1')!.state).toBe('held')
    now = new Date(HELD_AT.getTime() + 24 * HOUR)
    const [expired] = expiry.expireDue()
    expect(expired).toMatchObject({ idempotencyKey: 'k1', state: 'discarded', error: { code: 'held_expired' } })
    expect(expired!.error!.message).toContain('within 24 hours')
    const row = store.audit.all().at(-1)!
    expect(row).toMatchObject({
      path: 'held.expired',
      actor: 'app',
      idempotencyKey: 'k1',
      errorCode: 'held_expired',
      at: now.toISOString(),
    })
    expect(expiry.expireDue()).toEqual([])
  })

  it('follows the time a person set, and refuses a time that is not 1 to 720 whole hours', () => {
    const expiry = new HeldExpiry(store, 'app', clock)
    expect(expiry.setHours(2, 'tester')).toBe(2)
    expect(store.audit.all().at(-1)).toMatchObject({
      path: 'held.expiry_set',
      detail: { by: 'tester', hours: 2, before: 24 },
    })
    for (const bad of [0, 1.5, 721, Number.NaN])
      expect(() => expiry.setHours(bad, 'tester')).toThrow(/whole number of hours from 1 to 720/)
    now = new Date(HELD_AT.getTime() + 2 * HOUR)
    expect(expiry.expireDue()).toHaveLength(1)
  })

  it('lists the expiry time, then the expired one apart; a person can no longer release or reject it', async () => {
    const held = new HeldPayouts(store, editor, clock)
    expect(held.list()[0]).toMatchObject({ idempotencyKey: 'k1', expiresAt: '2026-11-24T12:00:00.000Z' })
    now = new Date(HELD_AT.getTime() + 25 * HOUR)
    const send = { sendRecorded: () => Promise.reject(new Error('must not send')) } as unknown as PayoutRequests
    // The release itself notices the time is up: the tick has not run.
    await expect(held.release('k1', send)).rejects.toMatchObject({
      code: 'held_expired',
      message: /can no longer be released/,
    })
    await expect(held.reject('k1', 'too late')).rejects.toMatchObject({ code: 'held_expired' })
    expect(held.list()).toEqual([])
    expect(held.expired().map((e) => e.idempotencyKey)).toEqual(['k1'])
    expect(store.audit.all().filter((r) => r.path === 'held.released')).toEqual([])
  })
})
