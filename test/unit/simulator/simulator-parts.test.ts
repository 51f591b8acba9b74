import { describe, expect, it } from 'vitest'
import { computeBalanceSums, currentBalance } from '../../../electron/simulator/data/balances'
import { DECIMAL_PATTERN, isValidAddress, NETWORKS } from '../../../shared/api'
import { CursorBook } from '../../../electron/simulator/api/cursor'
import { makeAddress } from '../../../electron/simulator/chain-formats'
import { demoData } from '../../../electron/simulator/data/demo-seed'
import { RateLimiter } from '../../../electron/simulator/rate-limiter'
import { ReplayCache } from '../../../electron/simulator/replay-cache'
import { seededRandom } from '../../../electron/simulator/random-source'

describe('replay cache', () => {
  it('refuses a signature seen before and forgets it only after its timestamp left the window', () => {
    const cache = new ReplayCache(300)
    const t = 1_700_000_000
    expect(cache.accept('sig', t, t * 1000)).toBe(true)
    expect(cache.accept('sig', t, (t + 299) * 1000)).toBe(false)
    expect(cache.accept('sig', t, (t + 300) * 1000)).toBe(false)
    expect(cache.accept('other', t + 400, (t + 400) * 1000)).toBe(true)
    expect(cache.size).toBe(1)
  })
})

describe('rate limiter', () => {
  it('admits up to the limit in a sliding window and reports whole seconds until the oldest leaves', () => {
    const limiter = new RateLimiter()
    expect(limiter.admit('k', 0, 2, 10)).toBeNull()
    expect(limiter.admit('k', 2500, 2, 10)).toBeNull()
    expect(limiter.admit('k', 3000, 2, 10)).toBe(7)
    expect(limiter.admit('k', 9001, 2, 10)).toBe(1)
    expect(limiter.admit('other', 9001, 2, 10)).toBeNull()
    expect(limiter.admit('k', 10_000, 2, 10)).toBeNull()
    expect(limiter.admit('k', 10_001, 2, 10)).toBe(3)
  })
})

describe('cursor book', () => {
  const cursor = { range: { after: 1, before: null, walletId: 'w' }, at: 5, id: 'abc', direction: 'in' as const }

  it('hands out a UUID for the paging state and maps it back', () => {
    const book = new CursorBook()
    const id = book.issue(cursor)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(book.resolve(id)).toEqual(cursor)
    expect(book.resolve(id.toUpperCase())).toEqual(cursor)
  })

  it('refuses what is not a UUID, one it never issued, and one pushed out by newer ones', () => {
    const book = new CursorBook(2)
    const oldest = book.issue(cursor)
    book.issue(cursor)
    book.issue(cursor)
    for (const bad of [
      '',
      'x y',
      Buffer.from('[1]').toString('base64url'),
      '00000000-0000-4000-8000-000000000000',
      oldest,
    ]) {
      expect(() => book.resolve(bad)).toThrow(expect.objectContaining({ status: 400, code: 'validation_failed' }))
    }
  })
})

describe('addresses and demo data', () => {
  it.each(NETWORKS.map((n) => n.id))('makes valid %s addresses', (network) => {
    const source = seededRandom(7)
    for (let i = 0; i < 50; i++) expect(isValidAddress(network, makeAddress(network, source))).toBe(true)
  })

  it.each(['sandbox', 'production'] as const)(
    'seeds %s deterministically with valid addresses and the promised variety',
    (env) => {
      const now = Date.UTC(2026, 0, 15, 10, 30)
      const data = demoData(env, now)
      expect(JSON.stringify(demoData(env, now))).toBe(JSON.stringify(data))
      expect(data.workspaces[0]!.id).toBe('ws-demo')
      expect(data.wallets.length).toBeGreaterThanOrEqual(2)
      const held = data.wallets.flatMap((w) => w.balances.map((b) => `${b.asset}@${b.network}`))
      const net = (main: string, test: string) => (env === 'sandbox' ? test : main)
      for (const pair of [
        `ETH@${net('ethereum', 'ethereum-sepolia')}`,
        `USDC@${net('ethereum', 'ethereum-sepolia')}`,
        `USDC@${net('polygon', 'polygon-amoy')}`,
        `BTC@${net('bitcoin', 'bitcoin-testnet')}`,
        `USDT@${net('tron', 'tron-nile')}`,
        `SOL@${net('solana', 'solana-devnet')}`,
      ]) {
        expect(held).toContain(pair)
      }
      for (const w of data.wallets)
        for (const d of w.deposit_addresses) expect(isValidAddress(d.network, d.address)).toBe(true)
      for (const c of data.counterparties) expect(isValidAddress(c.network, c.address)).toBe(true)
      expect(new Set(data.legs.map((l) => l.id)).size).toBeGreaterThanOrEqual(2000)
      const span = Math.max(...data.legs.map((l) => l.at)) - Math.min(...data.legs.map((l) => l.at))
      expect(span).toBeGreaterThan(300 * 86_400_000)
      expect(data.counterparties.some((c) => c.can_send) && data.counterparties.some((c) => !c.can_send)).toBe(true)
      expect(new Set(data.withdrawals.map((w) => w.status)).size).toBeGreaterThanOrEqual(6)
      expect(data.settings.approver_available).toBe(true)
    },
  )
})

describe('demo balances', () => {
  it.each(['sandbox', 'production'] as const)(
    'are decimal strings, never negative, available within amount (%s)',
    (env) => {
      const data = demoData(env, Date.UTC(2026, 10, 1))
      const sums = computeBalanceSums(data)
      for (const wallet of data.wallets) {
        for (const b of wallet.balances) {
          const now = currentBalance(sums, wallet, b)
          expect(now.amount.toString(), `${wallet.id} ${b.asset}`).toMatch(DECIMAL_PATTERN)
          expect(now.available.toString(), `${wallet.id} ${b.asset}`).toMatch(DECIMAL_PATTERN)
          expect(now.available.lte(now.amount)).toBe(true)
        }
      }
    },
  )
})
