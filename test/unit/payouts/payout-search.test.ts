import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Withdrawal } from '../../../shared/api/resources'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { findPayout, searchPayouts, setPayoutNote } from '../../../electron/core/payouts/payout-notes'
import { DeskStore, knownAddresses, MIGRATIONS, openDatabase, STORE_FILE } from '../../../electron/core/store'

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const body = { wallet_id: 'w1', asset: 'USDC', amount: '12.50', destination: ADDRESS, network: 'polygon-amoy' }
const PAYOUT_ID = '0b7c2d7e-3f4a-4c1b-9d2e-5a6b7c8d9e0f'

function withdrawal(over: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: PAYOUT_ID,
    status: 'pending_approval',
    wallet_id: 'w1',
    asset: 'USDC',
    amount: '12.50',
    destination: ADDRESS,
    network: 'polygon-amoy',
    tx_hash: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...over,
  }
}

describe('payout search over the store', () => {
  let dir: string
  let store: DeskStore
  let outbox: Outbox
  const texts = (text: string, range: { from?: string; to?: string } = {}) =>
    searchPayouts(store, { text, ...range }).map((h) => h.reference ?? h.payoutId)

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'payout-search-'))
    store = DeskStore.open(dir, 'test')
    outbox = Outbox.open(store)
    store.transaction('note', () =>
      store.repo(knownAddresses).note([
        {
          network: 'polygon-amoy',
          address: ADDRESS,
          source: 'destination',
          label: 'Acme Supplies GmbH',
          seenAt: '2026-11-01T00:00:00Z',
        },
      ]),
    )
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  async function accepted(reference: string, requestedBy: string, at: string, w: Withdrawal) {
    const entry = await outbox.add(body, requestedBy, new Date(at), undefined, { reference })
    store.transaction('cache', () => store.withdrawals.put(w))
    await outbox.mark(entry.idempotencyKey, 'accepted', { withdrawalId: w.id })
    return entry.idempotencyKey
  }

  it('finds one payout by each of its fields, and merges the outbox entry with the provider answer', async () => {
    const key = await accepted(
      'INV-2026-0042',
      'app (alice)',
      '2026-11-20T10:00:00Z',
      withdrawal({ status: 'completed', tx_hash: '0xfeedbeef01' }),
    )
    await outbox.add(
      {
        ...body,
        amount: '7',
        asset: 'ETH',
        network: 'ethereum-sepolia',
        destination: '0x000000000000000000000000000000000000dEaD',
      },
      'agent',
      new Date('2026-11-21T10:00:00Z'),
      undefined,
      { reference: 'other', state: 'held' },
    )
    setPayoutNote(store, key, 'Paid for the November invoice', 'app (alice)')
    for (const text of [
      PAYOUT_ID,
      key,
      'acme supplies',
      ADDRESS.toLowerCase(),
      'inv-2026',
      '12.50',
      'usdc',
      'polygon-amoy',
      'Polygon Amoy',
      'alice',
      'person',
      'completed',
      '0xFEEDBEEF',
      'november invoice',
    ]) {
      expect(texts(text), text).toEqual(['INV-2026-0042'])
    }
    expect(texts('agent')).toEqual(['other'])
    expect(texts('held')).toEqual(['other'])
    expect(texts('')).toEqual(['other', 'INV-2026-0042'])
    expect(searchPayouts(store, { text: 'acme' })).toHaveLength(1)
    expect(findPayout(store, PAYOUT_ID)).toMatchObject({
      idempotencyKey: key,
      status: 'completed',
      destinationName: 'Acme Supplies GmbH',
      note: 'Paid for the November invoice',
    })
  })

  it('migration step 8 indexes the outbox entries and provider answers a database already holds', async () => {
    const at = await mkdtemp(join(tmpdir(), 'payout-search-old-'))
    const old = openDatabase(
      join(at, STORE_FILE),
      MIGRATIONS.filter((m) => m.version < 8),
    )
    old
      .prepare(
        "INSERT INTO outbox (key, seq, body, created_at, requested_by, state, updated_at, reference, withdrawal_id) VALUES ('k-1', 1, ?, '2026-11-20T10:00:00Z', 'agent', 'accepted', 'x', 'old ref', ?)",
      )
      .run(JSON.stringify(body), PAYOUT_ID)
    old
      .prepare(
        "INSERT INTO outbox (key, seq, body, created_at, requested_by, state, updated_at) VALUES ('k-bad', 2, 'not json', '2026-11-20T10:00:00Z', 'agent', 'held', 'x')",
      )
      .run()
    old
      .prepare("INSERT INTO withdrawal_cache (id, body, read_at) VALUES (?, ?, 'x')")
      .run(PAYOUT_ID, JSON.stringify(withdrawal({ status: 'completed', tx_hash: '0xabc123' })))
    old.close()
    const upgraded = DeskStore.open(at, 'test')
    try {
      expect(searchPayouts(upgraded, { text: '0xabc123' })).toMatchObject([
        { payoutId: PAYOUT_ID, idempotencyKey: 'k-1', reference: 'old ref', status: 'completed', requester: 'agent' },
      ])
      expect(searchPayouts(upgraded, { text: '' })).toHaveLength(1)
    } finally {
      upgraded.close()
      await rm(at, { recursive: true, force: true })
    }
  })

  it('reads search text as plain text: SQL and regex characters match only themselves', async () => {
    await outbox.add(body, 'app (alice)', new Date('2026-11-20T10:00:00Z'), undefined, {
      reference: '50%_off (a.*b) [x] \\ \'q"',
    })
    await outbox.add(body, 'app (alice)', new Date('2026-11-20T11:00:00Z'), undefined, { reference: 'plain' })
    for (const text of ['%', '_', '%_', '.*', '(a.*b)', '[x]', '\\', "'", '"', '\'q"', '%_off (a.*'])
      expect(texts(text), text).toEqual(['50%_off (a.*b) [x] \\ \'q"'])
    for (const text of ['a%b', '5_', "' OR 1=1 --", '.+', '**', '%%']) expect(texts(text), text).toEqual([])
  })

  it('keeps to the range of days, both ends included, and refuses a range that ends before it starts', async () => {
    for (const [reference, at] of [
      ['nov19', '2026-11-19T23:59:59Z'],
      ['nov20', '2026-11-20T00:00:00Z'],
      ['nov21', '2026-11-21T23:59:59Z'],
      ['nov22', '2026-11-22T00:00:00Z'],
    ] as const) {
      await outbox.add(body, 'app (alice)', new Date(at), undefined, { reference })
    }
    expect(texts('', { from: '2026-11-20', to: '2026-11-21' })).toEqual(['nov21', 'nov20'])
    expect(texts('nov', { from: '2026-11-22' })).toEqual(['nov22'])
    expect(texts('', { to: '2026-11-19' })).toEqual(['nov19'])
    expect(() => searchPayouts(store, { text: '', from: '2026-11-22', to: '2026-11-20' })).toThrow(
      /ends before it starts/,
    )
    expect(() => searchPayouts(store, { text: '', from: '20.11.2026' })).toThrow(/YYYY-MM-DD/)
  })

  it('finds a payout the provider listed that the desk never sent', () => {
    store.transaction('cache', () =>
      store.withdrawals.putMany([withdrawal({ id: '1b7c2d7e-3f4a-4c1b-9d2e-5a6b7c8d9e0f', amount: '99' })]),
    )
    expect(searchPayouts(store, { text: '99' })).toMatchObject([
      {
        payoutId: '1b7c2d7e-3f4a-4c1b-9d2e-5a6b7c8d9e0f',
        idempotencyKey: null,
        requester: 'unknown',
        destinationName: 'Acme Supplies GmbH',
      },
    ])
  })

  it('keeps a note on its payout when the provider id arrives after it, and removes it when emptied', async () => {
    const entry = await outbox.add(body, 'cli (bob)', new Date('2026-11-20T10:00:00Z'))
    setPayoutNote(store, entry.idempotencyKey, 'check with finance', 'cli (bob)')
    store.transaction('cache', () => store.withdrawals.put(withdrawal()))
    await outbox.mark(entry.idempotencyKey, 'accepted', { withdrawalId: PAYOUT_ID })
    expect(searchPayouts(store, { text: 'finance' })).toMatchObject([
      { payoutId: PAYOUT_ID, idempotencyKey: entry.idempotencyKey, note: 'check with finance', requester: 'cli' },
    ])
    setPayoutNote(store, PAYOUT_ID, '', 'cli (bob)')
    expect(searchPayouts(store, { text: 'finance' })).toEqual([])
    expect(store.audit.all().filter((r) => r.path === 'payout.note')).toHaveLength(2)
  })

  it('refuses a note over 1000 characters or holding bidi or control characters, and a payout it does not know', async () => {
    const entry = await outbox.add(body, 'app (alice)')
    expect(() => setPayoutNote(store, entry.idempotencyKey, 'x'.repeat(1001), 'app')).toThrow(
      /note: A note is at most 1000 characters/,
    )
    expect(() => setPayoutNote(store, entry.idempotencyKey, 'pay \u202Eevil', 'app')).toThrow(
      /U\+202E RIGHT-TO-LEFT OVERRIDE/,
    )
    expect(() => setPayoutNote(store, entry.idempotencyKey, 'line\u001b[2Jone', 'app')).toThrow(/U\+001B/)
    expect(() => setPayoutNote(store, 'no-such-payout', 'hello', 'app')).toThrow(/No payout in this profile/)
    expect(findPayout(store, entry.idempotencyKey).note).toBeNull()
    expect(setPayoutNote(store, entry.idempotencyKey, 'x'.repeat(1000), 'app').note).toHaveLength(1000)
  })
})
