import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { makeAddress } from '../../../electron/simulator/chain-formats'
import { osRandom } from '../../../electron/simulator/random-source'
import { companyDestination, ETH, startFixture, USDC_ETH, USDC_POLYGON, type Fixture } from './sim-fixture'

let f: Fixture
let walletId: string
let ethDest: string
let polygonDest: string
let pendingDest: string

beforeAll(async () => {
  f = await startFixture()
  walletId = (await f.console.createWallet(f.workspaceId, 'Main', [ETH, USDC_ETH, USDC_POLYGON])).id
  const register = async (network: string, verify: boolean) => {
    const address = makeAddress(network, osRandom)
    const res = await f.api('POST', '/api/v1/counterparties', companyDestination(network, address))
    expect(res.status).toBe(201)
    if (verify) await f.console.verify(res.body.data.id)
    return address
  }
  ethDest = await register('ethereum-sepolia', true)
  polygonDest = await register('polygon-amoy', true)
  pendingDest = await register('ethereum-sepolia', false)
})
afterAll(() => f.sim.close())

const body = (over: Record<string, unknown> = {}) => ({
  wallet_id: walletId,
  asset: 'ETH',
  amount: '0.5',
  destination: ethDest,
  ...over,
})
const create = (b: unknown, key: string | undefined = randomUUID()) => f.api('POST', '/api/v1/withdrawals', b, key)

describe('POST /api/v1/withdrawals', () => {
  it('accepts a request as pending_approval (202)', async () => {
    const res = await create(body())
    expect(res.status).toBe(202)
    expect(res.body.data).toMatchObject({
      status: 'pending_approval',
      asset: 'ETH',
      amount: '0.5',
      network: 'ethereum-sepolia',
      tx_hash: null,
    })
    expect(res.body.meta).toEqual({})
  })

  it('replays the same key and body (200, idempotent_replay) and conflicts on a different body', async () => {
    const key = `pay-${randomUUID()}`
    const first = await create(body({ amount: '0.25' }), key)
    const replay = await create(body({ amount: '0.25' }), key)
    expect(replay.status).toBe(200)
    expect(replay.body.meta.idempotent_replay).toBe(true)
    expect(replay.body.data.id).toBe(first.body.data.id)
    const conflict = await create(body({ amount: '0.26' }), key)
    expect(conflict.status).toBe(409)
    expect(conflict.body.error.code).toBe('idempotency_conflict')
  })

  it('replays the recorded state, never reissuing a failed payment', async () => {
    const key = randomUUID()
    const first = await create(body({ amount: '0.1' }), key)
    await f.console.withdrawalAction(first.body.data.id, 'fail')
    const replay = await create(body({ amount: '0.1' }), key)
    expect(replay.status).toBe(200)
    expect(replay.body.data.status).toBe('failed')
  })

  it('conflicts on a key used in another workspace of the organisation without exposing it', async () => {
    const key = randomUUID()
    expect((await create(body({ amount: '0.2' }), key)).status).toBe(202)
    const other = await f.otherWorkspace()
    const res = await other.api('POST', '/api/v1/withdrawals', body({ amount: '0.2' }), key)
    expect(res.status).toBe(409)
    expect(res.body.error.code).toBe('idempotency_conflict')
    expect(JSON.stringify(res.body)).not.toContain(walletId)
  })

  it('records nothing on a refusal: the same key is evaluated afresh', async () => {
    const key = randomUUID()
    const refused = await create(body({ destination: pendingDest }), key)
    expect(refused.status).toBe(422)
    const accepted = await create(body(), key)
    expect(accepted.status).toBe(202)
  })

  const refusals: [string, () => Record<string, unknown> | string, string | undefined, number, string][] = [
    ['no Idempotency-Key', () => body(), undefined, 400, 'idempotency_key_required'],
    ['an Idempotency-Key with a space', () => body(), 'a b', 400, 'validation_failed'],
    ['an Idempotency-Key of 129 characters', () => body(), 'k'.repeat(129), 400, 'validation_failed'],
    ['an unknown field', () => body({ memo: 'x' }), 'k1', 400, 'validation_failed'],
    ['a missing amount', () => ({ wallet_id: 'x', asset: 'ETH', destination: 'y' }), 'k2', 400, 'validation_failed'],
    ['an amount with an exponent', () => body({ amount: '1e-3' }), 'k3', 400, 'validation_failed'],
    ['a negative amount', () => body({ amount: '-1' }), 'k4', 400, 'validation_failed'],
    ['a zero amount', () => body({ amount: '0' }), 'k5', 400, 'validation_failed'],
    ['an amount over 100 characters', () => body({ amount: '1'.repeat(101) }), 'k6', 400, 'validation_failed'],
    [
      'more decimals than the asset has',
      () => body({ asset: 'USDC', network: 'ethereum-sepolia', amount: '1.0000001' }),
      'k7',
      400,
      'validation_failed',
    ],
    ['a numeric amount', () => body({ amount: 1 }), 'k8', 400, 'validation_failed'],
    ['a wallet_id over 128 characters', () => body({ wallet_id: 'w'.repeat(129) }), 'k9', 400, 'validation_failed'],
    [
      'no network for an asset held on two networks',
      () => body({ asset: 'USDC', amount: '1' }),
      'k10',
      400,
      'validation_failed',
    ],
    ['a bad fee_priority', () => body({ fee_priority: 'urgent' }), 'k11', 400, 'validation_failed'],
    ['malformed JSON', () => '{"wallet_id":', 'k12', 400, 'validation_failed'],
    ['an unknown wallet', () => body({ wallet_id: 'wal-nope' }), 'k13', 404, 'wallet_not_found'],
    ['an asset not held', () => body({ asset: 'BTC' }), 'k14', 422, 'asset_not_held'],
    ['an asset not held on that network', () => body({ network: 'polygon-amoy' }), 'k15', 422, 'asset_not_held'],
    ['a pending destination', () => body({ destination: pendingDest }), 'k16', 422, 'destination_not_whitelisted'],
    [
      'a verified destination on another network',
      () => body({ destination: polygonDest }),
      'k17',
      422,
      'destination_not_whitelisted',
    ],
    [
      'an unknown destination',
      () => body({ destination: makeAddress('ethereum-sepolia', osRandom) }),
      'k18',
      422,
      'destination_not_whitelisted',
    ],
    ['more than available', () => body({ amount: '1000' }), 'k19', 422, 'withdrawal_failed'],
  ]
  it.each(refusals)('refuses %s', async (_name, b, key, status, code) => {
    const before = (await f.api('GET', '/api/v1/withdrawals?limit=100')).body.data.length
    const res = await f.api('POST', '/api/v1/withdrawals', b(), key)
    expect(res.status).toBe(status)
    expect(res.body.error.code).toBe(code)
    expect((await f.api('GET', '/api/v1/withdrawals?limit=100')).body.data.length).toBe(before)
  })

  it('resolves the network when the asset is held on one, and accepts an explicit one', async () => {
    expect(
      (await create(body({ asset: 'USDC', network: 'polygon-amoy', amount: '1.5', destination: polygonDest }))).body
        .data.network,
    ).toBe('polygon-amoy')
  })

  it('refuses with no_approver_available when the workspace has no approver', async () => {
    await f.console.settings({ approver_available: false })
    const res = await create(body())
    await f.console.settings({ approver_available: true })
    expect(res.status).toBe(422)
    expect(res.body.error.code).toBe('no_approver_available')
  })

  it('holds the amount: available drops on acceptance and returns on cancel', async () => {
    const available = async () =>
      (await f.api('GET', `/api/v1/wallets/${walletId}`)).body.data.balances.find(
        (b: { asset: string }) => b.asset === 'ETH',
      ).available
    const before = await available()
    const res = await create(body({ amount: '1' }))
    expect(Number(await available())).toBeCloseTo(Number(before) - 1)
    await f.api('POST', `/api/v1/withdrawals/${res.body.data.id}/cancel`)
    expect(await available()).toBe(before)
  })
})

describe('withdrawal lifecycle', () => {
  it('moves pending_approval → approved → processing → completed with tx_hash and an out leg', async () => {
    const { id } = (await create(body({ amount: '0.3' }))).body.data
    for (const [action, status] of [
      ['approve', 'approved'],
      ['process', 'processing'],
      ['complete', 'completed'],
    ] as const) {
      await f.console.withdrawalAction(id, action)
      expect((await f.api('GET', `/api/v1/withdrawals/${id}`)).body.data.status).toBe(status)
    }
    const done = (await f.api('GET', `/api/v1/withdrawals/${id}`)).body.data
    expect(done.tx_hash).toMatch(/^0x[0-9a-f]{64}$/)
    const legs = (await f.api('GET', `/api/v1/transactions?wallet_id=${walletId}&limit=100`)).body.data
    const leg = legs.find((l: { tx_hash: string }) => l.tx_hash === done.tx_hash)
    expect(leg).toMatchObject({ direction: 'out', amount: '0.3', asset: 'ETH', fee_asset: 'ETH' })
    expect(leg.fee).toMatch(/^[0-9.]+$/)
  })

  const forbidden: [string, string[], string][] = [
    ['process before approval', [], 'process'],
    ['complete before processing', ['approve'], 'complete'],
    ['approve twice', ['approve'], 'approve'],
    ['reject a completed payout', ['approve', 'process', 'complete'], 'reject'],
    ['expire a cancelled payout', ['cancel'], 'expire'],
  ]
  it.each(forbidden)('answers 409 to %s', async (_name, path, action) => {
    const { id } = (await create(body({ amount: '0.01' }))).body.data
    for (const step of path) {
      if (step === 'cancel') await f.api('POST', `/api/v1/withdrawals/${id}/cancel`)
      else await f.console.withdrawalAction(id, step as 'approve')
    }
    const res = await f.console.call('POST', `withdrawals/${id}/${action}`)
    expect(res.status).toBe(409)
  })

  it('cancels only from pending_approval; a repeat returns the cancelled withdrawal', async () => {
    const { id } = (await create(body({ amount: '0.01' }))).body.data
    const first = await f.api('POST', `/api/v1/withdrawals/${id}/cancel`)
    expect(first.status).toBe(200)
    expect(first.body.data.status).toBe('cancelled')
    const again = await f.api('POST', `/api/v1/withdrawals/${id}/cancel`)
    expect(again.status).toBe(200)
    expect(again.body.data.status).toBe('cancelled')
  })

  it.each(['approve', 'reject', 'expire', 'fail'] as const)(
    'refuses cancel after %s (409 withdrawal_not_cancellable)',
    async (action) => {
      const { id } = (await create(body({ amount: '0.01' }))).body.data
      await f.console.withdrawalAction(id, action)
      const res = await f.api('POST', `/api/v1/withdrawals/${id}/cancel`)
      expect(res.status).toBe(409)
      expect(res.body.error.code).toBe('withdrawal_not_cancellable')
    },
  )

  it('refuses a cancel with a body or an Idempotency-Key', async () => {
    const { id } = (await create(body({ amount: '0.01' }))).body.data
    expect((await f.api('POST', `/api/v1/withdrawals/${id}/cancel`, { reason: 'x' })).status).toBe(400)
    expect((await f.api('POST', `/api/v1/withdrawals/${id}/cancel`, undefined, 'k')).status).toBe(400)
  })

  it('marks the recorded state stale when the live refresh fails', async () => {
    const { id } = (await create(body({ amount: '0.01' }))).body.data
    await f.console.settings({ live_refresh_fails: true })
    const res = await f.api('GET', `/api/v1/withdrawals/${id}`)
    await f.console.settings({ live_refresh_fails: false })
    expect(res.status).toBe(200)
    expect(res.body.meta.stale).toBe(true)
    expect(res.body.data.status).toBe('pending_approval')
  })

  it('answers foreign and unknown ids with the same 404', async () => {
    const { id } = (await create(body({ amount: '0.01' }))).body.data
    const other = await f.otherWorkspace()
    for (const [method, path] of [
      ['GET', `/api/v1/withdrawals/${id}`],
      ['POST', `/api/v1/withdrawals/${id}/cancel`],
      ['GET', `/api/v1/withdrawals/${randomUUID()}`],
    ]) {
      const res = await other.api(method!, path!)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ error: { code: 'withdrawal_not_found', message: 'No such withdrawal.' } })
    }
    expect((await other.api('GET', '/api/v1/withdrawals')).body.data).toEqual([])
  })
})

describe('GET /api/v1/withdrawals', () => {
  it('pages by offset until next_offset is null and finds a payment by idempotency key', async () => {
    const seen = new Set<string>()
    let offset: number | null = 0
    while (offset !== null) {
      const res = await f.api('GET', `/api/v1/withdrawals?limit=3&offset=${offset}`)
      expect(res.body.meta.limit).toBe(3)
      for (const w of res.body.data) seen.add(w.id)
      offset = res.body.meta.next_offset
    }
    const all = (await f.api('GET', '/api/v1/withdrawals?limit=100')).body.data
    expect(seen.size).toBe(all.length)
    const key = randomUUID()
    const created = (await create(body({ amount: '0.02' }), key)).body.data
    const found = await f.api('GET', `/api/v1/withdrawals?idempotency_key=${key}`)
    expect(found.body.data.map((w: { id: string }) => w.id)).toEqual([created.id])
  })

  it.each([
    'limit=0',
    'limit=101',
    'offset=-1',
    'offset=10001',
    'limit=abc',
    'status=pending',
    'limit=1&limit=2',
    '_request_id=nope',
  ])('refuses ?%s', async (query) => {
    const res = await f.api('GET', `/api/v1/withdrawals?${query}`)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('validation_failed')
  })
})
