import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { homeSummary } from '../../../electron/core/home/home-summary'
import { profileDir, type Profile } from '../../../electron/core/profiles'
import { DeskStore, openDatabase, STORE_FILE, walletReads } from '../../../electron/core/store'
import type { Wallet } from '../../../shared/api/resources'

const profile = (id: string, environment: Profile['environment']): Profile => ({
  id,
  name: id,
  environment,
  baseUrl: 'http://127.0.0.1:1',
  keyId: 'k',
  algorithm: 'ed25519',
  embedded: false,
  agentWriteTools: false,
  pendingKey: null,
  createdAt: '2026-01-01T00:00:00.000Z',
})
const wallet = (amounts: Array<[string, string, string]>): Wallet => ({
  id: `w-${amounts.length}`,
  name: 'W',
  status: 'active',
  address: 'a',
  deposit_addresses: [],
  networks: [],
  total_usd: 0,
  balances: amounts.map(([asset, network, amount]) => ({ asset, network, amount, available: amount, usd_value: 0 })),
})

describe('the Home summary over the stores', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'home-unit-'))
    const open = (id: string) => DeskStore.open(profileDir(dir, id), 'test')
    const a = open('a')
    a.transaction('t', () =>
      a.repo(walletReads).note(
        [
          wallet([
            ['USDC', 'ethereum-sepolia', '10.5'],
            ['USDC', 'polygon-amoy', '0.25'],
          ]),
          wallet([['ETH', 'ethereum-sepolia', '1']]),
        ],
        '2026-03-01T10:00:00.000Z',
      ),
    )
    a.close()
    const b = open('b')
    b.transaction('t', () =>
      b.repo(walletReads).note([wallet([['USDC', 'ethereum', '7']])], '2026-03-02T10:00:00.000Z'),
    )
    b.close()
    const c = open('c')
    c.transaction('t', () => c.repo(walletReads).note([wallet([['USDC', 'ethereum', '3']])]))
    c.close()
    // Entries in every state, payouts in the cache, a ledger that failed its last sync: written as the store keeps
    // them.
    const db = openDatabase(join(profileDir(dir, 'b'), STORE_FILE))
    const entry = db.prepare(
      "INSERT INTO outbox (key, seq, body, created_at, requested_by, state, updated_at) VALUES (?, ?, '{}', 't', 'x', ?, 't')",
    )
    ;['held', 'held', 'queued', 'sending', 'unknown', 'refused', 'accepted', 'discarded'].forEach((state, i) =>
      entry.run(`k${i}`, i, state),
    )
    const cached = db.prepare(
      "INSERT INTO withdrawal_cache (id, body, read_at) VALUES (?, json_object('status', ?), ?)",
    )
    cached.run('w1', 'pending_approval', '2026-03-02T09:00:00.000Z')
    cached.run('w3', 'pending_approval', '2026-03-02T11:00:00.000Z')
    cached.run('w2', 'completed', '2026-03-02T12:00:00.000Z')
    db.prepare(
      "INSERT INTO ledger_state (id, scope, complete, synced_at_ms, last_error) VALUES (1, 's', 1, 0, 'rate limited')",
    ).run()
    db.close()
    await mkdir(profileDir(dir, 'broken'), { recursive: true })
    await writeFile(join(profileDir(dir, 'broken'), STORE_FILE), 'not a database, not at all'.repeat(200))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('sums each profile by asset over wallets and networks, and totals per environment only', () => {
    const home = homeSummary(dir, [profile('a', 'sandbox'), profile('b', 'production'), profile('c', 'sandbox')])
    expect(home.profiles[0]!.store!.balances).toEqual({
      readAt: '2026-03-01T10:00:00.000Z',
      wallets: 2,
      byAsset: [
        { asset: 'ETH', amount: '1' },
        { asset: 'USDC', amount: '10.75' },
      ],
    })
    expect(home.totals).toEqual([
      { environment: 'production', byAsset: [{ asset: 'USDC', amount: '7' }] },
      {
        environment: 'sandbox',
        byAsset: [
          { asset: 'ETH', amount: '1' },
          { asset: 'USDC', amount: '13.75' },
        ],
      },
    ])
  })

  it('counts payouts waiting for approval, held requests and unresolved entries, and says how the ledger last synced', () => {
    const [b] = homeSummary(dir, [profile('b', 'production')]).profiles
    expect(b!.store).toMatchObject({
      waitingApproval: 2,
      held: 2,
      unresolved: 4,
      ledger: { complete: true, syncedAt: '1970-01-01T00:00:00.000Z', lastError: 'rate limited' },
    })
  })

  it('says when the waiting count was read (its oldest read), and that it was never read rather than 0', () => {
    const [a, b] = homeSummary(dir, [profile('a', 'sandbox'), profile('b', 'production')]).profiles
    // Read at 9:00 and 11:00: the count is as old as its oldest read (either may have been approved since).
    expect(b!.store).toMatchObject({ waitingApproval: 2, waitingReadAt: '2026-03-02T09:00:00.000Z' })
    // No payout ever read: the count is not a 0 waiting but no count at all.
    expect(a!.store).toMatchObject({ waitingReadAt: null })
  })

  it('shows a damaged store as a problem beside the others, and a profile never opened as such', () => {
    const home = homeSummary(dir, [profile('broken', 'sandbox'), profile('never', 'sandbox'), profile('c', 'sandbox')])
    expect(home.profiles[0]).toMatchObject({ store: null, problem: expect.stringMatching(/./) })
    expect(home.profiles[1]).toMatchObject({ store: null, problem: null })
    expect(home.profiles[2]!.store!.balances!.byAsset).toEqual([{ asset: 'USDC', amount: '3' }])
  })
})
