import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { startFixture, type Fixture } from './sim-fixture'

let f: Fixture
type Leg = { id: string; direction: string; created_at: string; wallet_id: string; amount: string; fee: string | null }

beforeAll(async () => {
  f = await startFixture('demo')
})
afterAll(() => f.sim.close())

async function follow(query: string): Promise<{ legs: Leg[]; pages: number }> {
  const legs: Leg[] = []
  let pages = 0
  let cursor: string | null = null
  do {
    const res = await f.api('GET', `/api/v1/transactions?${query}${cursor ? `&cursor=${cursor}` : ''}`)
    expect(res.status).toBe(200)
    legs.push(...res.body.data)
    expect(res.body.meta.count).toBe(res.body.data.length)
    cursor = res.body.meta.next_cursor
    pages++
  } while (cursor !== null)
  return { legs, pages }
}

const rowKey = (l: Leg) => `${l.id}/${l.direction}`

describe('GET /api/v1/transactions', () => {
  it('returns the newest page with meta count, limit and next_cursor', async () => {
    const res = await f.api('GET', '/api/v1/transactions')
    expect(res.body.meta.limit).toBe(25)
    expect(typeof res.body.meta.next_cursor).toBe('string')
    const times = res.body.data.map((l: Leg) => Date.parse(l.created_at))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  })

  it('pages the whole demo history newest first, each (id, direction) once, both legs of a move on one page', async () => {
    const { legs, pages } = await follow('limit=100')
    expect(legs.length).toBeGreaterThan(2000)
    expect(new Set(legs.map(rowKey)).size).toBe(legs.length)
    for (let i = 1; i < legs.length; i++)
      expect(Date.parse(legs[i - 1]!.created_at)).toBeGreaterThanOrEqual(Date.parse(legs[i]!.created_at))
    const moves = legs.filter((l, _i, all) => all.filter((x) => x.id === l.id).length === 2)
    expect(moves.length).toBeGreaterThan(50)
    expect(pages).toBeGreaterThan(20)
  })

  it('covers every movement exactly once over back-to-back ranges (after exclusive, before inclusive)', async () => {
    const all = (await follow('limit=100')).legs
    const newest = Date.parse(all[0]!.created_at)
    const oldest = Date.parse(all[all.length - 1]!.created_at)
    // Boundaries on exact recorded times, the case where an off-by-one shows.
    const cuts = [oldest - 1, Date.parse(all[1500]!.created_at), Date.parse(all[700]!.created_at), newest]
    const seen: string[] = []
    for (let i = 1; i < cuts.length; i++) {
      const after = new Date(cuts[i - 1]!).toISOString()
      const before = new Date(cuts[i]!).toISOString()
      seen.push(...(await follow(`limit=100&created_after=${after}&created_before=${before}`)).legs.map(rowKey))
    }
    expect(seen.length).toBe(all.length)
    expect(new Set(seen)).toEqual(new Set(all.map(rowKey)))
  })

  it('keeps the range in the cursor: same range continues, a different range is refused', async () => {
    const range = `created_before=${encodeURIComponent(new Date(Date.now() - 30 * 86_400_000).toISOString())}`
    const first = await f.api('GET', `/api/v1/transactions?limit=5&${range}`)
    const cursor = first.body.meta.next_cursor
    expect((await f.api('GET', `/api/v1/transactions?limit=5&${range}&cursor=${cursor}`)).status).toBe(200)
    const alone = await f.api('GET', `/api/v1/transactions?limit=5&cursor=${cursor}`)
    expect(alone.status).toBe(200)
    expect(Date.parse(alone.body.data[0].created_at)).toBeLessThan(Date.now() - 30 * 86_400_000)
    const changed = await f.api(
      'GET',
      `/api/v1/transactions?limit=5&created_before=${new Date().toISOString()}&cursor=${cursor}`,
    )
    expect(changed.status).toBe(400)
    expect(changed.body.error.code).toBe('validation_failed')
  })

  it('restricts to one wallet', async () => {
    const { legs } = await follow('limit=100&wallet_id=wal-payroll')
    expect(legs.length).toBeGreaterThan(0)
    expect(legs.every((l) => l.wallet_id === 'wal-payroll')).toBe(true)
  })

  it.each([
    ['a malformed cursor', 'cursor=not-a-cursor!'],
    ['a cursor of garbage base64', `cursor=${Buffer.from('{"x":1}').toString('base64url')}`],
    ['limit 0', 'limit=0'],
    ['limit 101', 'limit=101'],
    ['a non-ISO created_after', 'created_after=yesterday'],
    ['an unknown parameter', 'direction=in'],
    ['a wallet_id over 128 characters', `wallet_id=${'w'.repeat(129)}`],
  ])('refuses %s', async (_name, query) => {
    const res = await f.api('GET', `/api/v1/transactions?${query}`)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('validation_failed')
  })

  it('reads one movement: a move has two legs with one id; unknown ids are 404', async () => {
    const { legs } = await follow('limit=100')
    const move = legs.find((l) => legs.filter((x) => x.id === l.id).length === 2)!
    const res = await f.api('GET', `/api/v1/transactions/${move.id}`)
    expect(res.body.meta.count).toBe(2)
    expect(res.body.data.map((l: Leg) => l.direction).sort()).toEqual(['in', 'out'])
    const missing = await f.api('GET', `/api/v1/transactions/${randomUUID()}`)
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('transaction_not_found')
    const other = await f.otherWorkspace()
    expect((await other.api('GET', `/api/v1/transactions/${move.id}`)).body.error.code).toBe('transaction_not_found')
  })

  it('folds fees into payout rows and leaves pending payouts out', async () => {
    const { legs } = await follow('limit=100')
    expect(legs.some((l) => l.direction === 'out' && l.fee !== null)).toBe(true)
    expect(
      legs
        .filter((l) => l.direction === 'in' && l.id !== undefined && legs.filter((x) => x.id === l.id).length === 1)
        .every((l) => l.fee === null),
    ).toBe(true)
    const pending = (await f.api('GET', '/api/v1/withdrawals?limit=100')).body.data.filter(
      (w: { status: string }) => w.status === 'pending_approval',
    )
    expect(pending.length).toBeGreaterThan(0)
    const hashes = new Set(legs.map((l) => (l as unknown as { tx_hash: string }).tx_hash))
    for (const w of pending) expect(hashes.has(w.tx_hash)).toBe(false)
  })

  it('records console movements at their time and answers 503 for an unreadable wallet', async () => {
    const wallet = await f.console.createWallet(
      'ws-demo',
      'Broken',
      [{ asset: 'ETH', network: 'ethereum-sepolia', amount: '1', available: '1', decimals: 18 }],
      true,
    )
    expect((await f.api('GET', `/api/v1/wallets/${wallet.id}`)).status).toBe(503)
    const res = await f.api('GET', '/api/v1/wallets')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await f.api('GET', `/api/v1/transactions?wallet_id=${wallet.id}`)).status).toBe(503)
  })

  it('records an incoming movement from the outside address a test names, of any amount, zero included', async () => {
    const from = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
    const [leg] = await f.console.addTransactions({
      wallet_id: 'wal-payroll',
      direction: 'in',
      asset: 'USDC',
      network: 'ethereum-sepolia',
      amount: '0',
      from_address: from,
    })
    const read = await f.api('GET', `/api/v1/transactions/${leg.id}`)
    expect(read.body.data).toEqual([
      expect.objectContaining({ direction: 'in', amount: '0', from: { name: null, address: from } }),
    ])
    const to = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'
    const [out] = await f.console.addTransactions({
      wallet_id: 'wal-payroll',
      direction: 'out',
      asset: 'USDC',
      network: 'ethereum-sepolia',
      amount: '0.001',
      to_address: to,
    })
    expect(out.to.address).toBe(to)
  })

  it.each([
    [
      'an address of another network',
      { direction: 'in', network: 'ethereum-sepolia', from_address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' },
      'from_address: not a valid',
    ],
    [
      'a bad checksum',
      { direction: 'in', network: 'ethereum-sepolia', from_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
      'from_address: not a valid',
    ],
    [
      'the sender of an outgoing movement',
      { direction: 'out', network: 'ethereum-sepolia', from_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      'from_address: not used for direction out',
    ],
  ])('refuses %s as the outside party', async (_name, spec, message) => {
    const res = await f.console.call('POST', 'transactions', {
      wallet_id: 'wal-payroll',
      asset: 'ETH',
      amount: '0.1',
      ...spec,
    })
    expect(res.status).toBe(400)
    expect((res.body as { error: { message: string } }).error.message).toContain(message)
  })
})
