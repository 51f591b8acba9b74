import { describe, expect, it, vi } from 'vitest'
import { wireDeskEvents } from '../../../renderer/src/data/desk-events'
import { fakeDeskEvents } from './fake-desk-events'
import { sampleWithdrawal } from './sample-withdrawal'
import { deskKey } from '../../../renderer/src/data/desk-keys'
import { resetOnProfileSwitch } from '../../../renderer/src/data/profile-reset'
import { currentProfileId, PROFILE_READS, watchCurrentProfile } from '../../../renderer/src/data/profiles'
import type { ProfileView } from '../../../shared/ipc/channels/profiles'
import { createDeskQueryClient } from '../../../renderer/src/data/query-client'

const payout = sampleWithdrawal

const profile = (id: string): ProfileView => ({
  id,
  name: id,
  environment: 'sandbox',
  baseUrl: 'http://127.0.0.1:1',
  keyId: 'k',
  algorithm: 'ed25519',
  embedded: false,
  agentWriteTools: false,
  hasKey: true,
  pendingKey: null,
})

const isInvalid = (client: ReturnType<typeof createDeskQueryClient>, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? null

describe('renderer cache wiring', () => {
  it('names a read by channel and input only', () => {
    expect(deskKey('withdrawals.list', { wallet_id: 'w1' })).toEqual(['withdrawals.list', { wallet_id: 'w1' }])
  })

  it('does not retry a failed read in the page (the core already did)', async () => {
    const client = createDeskQueryClient()
    const read = vi.fn().mockRejectedValue(new Error('provider down'))
    await expect(client.fetchQuery({ queryKey: deskKey('wallets.list', {}), queryFn: read })).rejects.toThrow(
      'provider down',
    )
    expect(read).toHaveBeenCalledTimes(1)
  })

  it('writes a pushed payout into its detail and every cached list holding it, newest wins', () => {
    const client = createDeskQueryClient()
    const events = fakeDeskEvents()
    wireDeskEvents(client, events.on, () => 'p1')
    const before = payout()
    const other = payout({ id: '00000000-0000-4000-8000-000000000000' })
    client.setQueryData(deskKey('withdrawals.list', {}), [before, other])
    client.setQueryData(deskKey('withdrawals.list', { wallet_id: 'w2' }), [other])
    client.setQueryData(deskKey('withdrawals.get', { withdrawalId: before.id }), { withdrawal: before, stale: false })

    const approved = payout({ status: 'approved', updated_at: '2026-11-23T07:05:00Z' })
    events.emit('withdrawal.updated', {
      profileId: 'p1',
      withdrawal: approved,
      previousStatus: 'pending_approval',
      stale: true,
    })
    expect(client.getQueryData(deskKey('withdrawals.get', { withdrawalId: before.id }))).toEqual({
      withdrawal: approved,
      stale: true,
    })
    expect(client.getQueryData(deskKey('withdrawals.list', {}))).toEqual([approved, other])
    expect(client.getQueryData(deskKey('withdrawals.list', { wallet_id: 'w2' }))).toEqual([other])

    // An older push (a late answer) does not undo a newer status.
    events.emit('withdrawal.updated', { profileId: 'p1', withdrawal: before, previousStatus: null, stale: false })
    expect(client.getQueryData(deskKey('withdrawals.list', {}))).toEqual([approved, other])
  })

  it('re-reads the payout lists when a pushed payout is in none of them: another process requested it', () => {
    const client = createDeskQueryClient()
    const events = fakeDeskEvents()
    wireDeskEvents(client, events.on, () => 'p1')
    const known = payout({ id: 'wd-known' })
    client.setQueryData(deskKey('withdrawals.list', {}), [known])
    events.emit('withdrawal.updated', {
      profileId: 'p1',
      withdrawal: { ...known, status: 'approved' },
      previousStatus: 'pending_approval',
      stale: false,
    })
    expect(isInvalid(client, deskKey('withdrawals.list', {}))).toBe(false)
    events.emit('withdrawal.updated', {
      profileId: 'p1',
      withdrawal: payout({ id: 'wd-from-the-connector' }),
      previousStatus: null,
      stale: false,
    })
    expect(isInvalid(client, deskKey('withdrawals.list', {}))).toBe(true)
  })

  it('puts a pushed payout no list holds (a batch row just accepted) at the top of the lists it belongs in at once, without reading every page again', () => {
    const client = createDeskQueryClient()
    const events = fakeDeskEvents()
    wireDeskEvents(client, events.on, () => 'p1')
    const known = payout({ id: 'wd-known' })
    client.setQueryData(deskKey('withdrawals.list', {}), [known])
    client.setQueryData(deskKey('withdrawals.list', { wallet_id: 'w1' }), [known])
    client.setQueryData(deskKey('withdrawals.list', { wallet_id: 'w2' }), [])
    client.setQueryData(deskKey('withdrawals.list', { idempotency_key: 'k' }), [])
    const fresh = payout({ id: 'wd-batch-row' })
    events.emit('withdrawal.updated', { profileId: 'p1', withdrawal: fresh, previousStatus: null, stale: false })
    expect(client.getQueryData(deskKey('withdrawals.list', {}))).toEqual([fresh, known])
    expect(client.getQueryData(deskKey('withdrawals.list', { wallet_id: 'w1' }))).toEqual([fresh, known])
    expect(client.getQueryData(deskKey('withdrawals.list', { wallet_id: 'w2' }))).toEqual([])
    // A list searched by key cannot tell: it is read again.
    expect(isInvalid(client, deskKey('withdrawals.list', { idempotency_key: 'k' }))).toBe(true)
  })

  it('re-reads the activity and its quick check on an outbox change, never the walk of every row', () => {
    const client = createDeskQueryClient()
    const events = fakeDeskEvents()
    wireDeskEvents(client, events.on, () => 'p1')
    client.setQueryData(['activity.page', {}], { pages: [], pageParams: [] })
    client.setQueryData(deskKey('activity.verify', { whole: false }), {})
    client.setQueryData(deskKey('activity.verify', { whole: true }), {})
    events.emit('outbox.changed', { profileId: 'p1' })
    expect(isInvalid(client, ['activity.page', {}])).toBe(true)
    expect(isInvalid(client, deskKey('activity.verify', { whole: false }))).toBe(true)
    expect(isInvalid(client, deskKey('activity.verify', { whole: true }))).toBe(false)
  })

  it('re-reads balances and history only when money moved', () => {
    const client = createDeskQueryClient()
    const events = fakeDeskEvents()
    wireDeskEvents(client, events.on, () => 'p1')
    client.setQueryData(deskKey('wallets.list', {}), [])
    client.setQueryData(deskKey('transactions.page', { limit: 10 }), { rows: [], nextCursor: null })
    events.emit('withdrawal.updated', {
      profileId: 'p1',
      withdrawal: payout({ status: 'approved' }),
      previousStatus: null,
      stale: false,
    })
    expect(isInvalid(client, deskKey('wallets.list', {}))).toBe(false)
    events.emit('withdrawal.updated', {
      profileId: 'p1',
      withdrawal: payout({ status: 'completed' }),
      previousStatus: null,
      stale: false,
    })
    expect(isInvalid(client, deskKey('wallets.list', {}))).toBe(true)
    expect(isInvalid(client, deskKey('transactions.page', { limit: 10 }))).toBe(true)
  })

  it('re-reads the outbox and marks the payout list old on outbox.changed of this profile, not of another', () => {
    const client = createDeskQueryClient()
    const events = fakeDeskEvents()
    wireDeskEvents(client, events.on, () => 'p1')
    client.setQueryData(deskKey('payouts.outbox', {}), [])
    client.setQueryData(deskKey('withdrawals.list', {}), [])
    client.setQueryData(deskKey('counterparties.list', {}), [])
    events.emit('outbox.changed', { profileId: 'p2' })
    expect(isInvalid(client, deskKey('payouts.outbox', {}))).toBe(false)
    events.emit('outbox.changed', { profileId: 'p1' })
    expect(isInvalid(client, deskKey('payouts.outbox', {}))).toBe(true)
    expect(isInvalid(client, deskKey('withdrawals.list', {}))).toBe(true)
    expect(isInvalid(client, deskKey('counterparties.list', {}))).toBe(false)
  })

  it('ignores a pushed payout of another profile', () => {
    const client = createDeskQueryClient()
    const events = fakeDeskEvents()
    wireDeskEvents(client, events.on, () => 'p1')
    events.emit('withdrawal.updated', { profileId: 'p2', withdrawal: payout(), previousStatus: null, stale: false })
    expect(client.getQueryData(deskKey('withdrawals.get', { withdrawalId: payout().id }))).toBeUndefined()
  })

  it('on profiles.changed drops public keys so a replaced key is never shown while the new one is read', () => {
    const client = createDeskQueryClient()
    const events = fakeDeskEvents()
    wireDeskEvents(client, events.on, () => null)
    // The pending key of a rotation that was cancelled: a new rotation must not show it for a moment.
    client.setQueryData(deskKey('keys.publicKey', { profileId: 'p1', which: 'pending' }), {
      base64: 'a',
      hex: 'b',
      pem: 'c',
      fingerprint: 'd',
    })
    events.emit('profiles.changed', {})
    expect(client.getQueryData(deskKey('keys.publicKey', { profileId: 'p1', which: 'pending' }))).toBeUndefined()
  })

  it('unsubscribes every listener', () => {
    const events = fakeDeskEvents()
    const stop = wireDeskEvents(createDeskQueryClient(), events.on, () => 'p1')
    expect(events.count()).toBeGreaterThan(0)
    stop()
    expect(events.count()).toBe(0)
  })

  it('empties the cache when the selected profile changes, and only then, keeping the reads it is told to keep', () => {
    const client = createDeskQueryClient()
    let notify: (id: string | null) => void = () => undefined
    resetOnProfileSwitch(
      client,
      (listener) => {
        notify = listener
        listener('p1')
        return () => undefined
      },
      ['profiles.list'],
    )
    client.setQueryData(deskKey('wallets.list', {}), [])
    client.setQueryData(deskKey('profiles.list', {}), [])
    notify('p1')
    expect(client.getQueryData(deskKey('wallets.list', {}))).toEqual([])
    notify('p2')
    expect(client.getQueryData(deskKey('wallets.list', {}))).toBeUndefined()
    expect(client.getQueryData(deskKey('profiles.list', {}))).toEqual([])
  })

  it('reads the profiles again on profiles.changed, and empties the rest once the selected profile answered changed', () => {
    const client = createDeskQueryClient()
    const events = fakeDeskEvents()
    wireDeskEvents(client, events.on, () => currentProfileId(client))
    resetOnProfileSwitch(client, (listener) => watchCurrentProfile(client, listener), PROFILE_READS)
    client.setQueryData(deskKey('profiles.current', {}), profile('p1'))
    client.setQueryData(deskKey('profiles.list', {}), [profile('p1'), profile('p2')])
    client.setQueryData(deskKey('wallets.list', {}), [])
    events.emit('profiles.changed', {})
    expect(isInvalid(client, deskKey('profiles.list', {}))).toBe(true)
    expect(isInvalid(client, deskKey('profiles.current', {}))).toBe(true)
    expect(client.getQueryData(deskKey('wallets.list', {}))).toEqual([])
    client.setQueryData(deskKey('profiles.current', {}), profile('p2'))
    expect(client.getQueryData(deskKey('wallets.list', {}))).toBeUndefined()
    expect(client.getQueryData(deskKey('profiles.list', {}))).toHaveLength(2)
  })
})
