import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectInProcess } from '../../harness/in-process-connector'
import {
  DESTINATION,
  ETH,
  json,
  startConnectorFixture,
  USDC_POLYGON,
  type Connected,
  type ConnectorFixture,
} from './connector-fixture'

/**
 * Ways an agent tried to talk its way around the policy (issue 26 items 1 to 4, issue 21 item 3), each through a real
 * connector against the simulator: the policy must decide on the payout as the provider will execute it.
 */
let f: ConnectorFixture
let walletId: string
/** DESTINATION (checksummed) on ethereum-sepolia, verified long ago: the one the policies allow. */
let sepoliaId: string
/** The same address in lower case on polygon-amoy, registered by the agent and verified 30 minutes ago. */
let polygonId: string
const LOWER = DESTINATION.toLowerCase()
const HOUR = 3_600_000

beforeAll(async () => {
  f = await startConnectorFixture()
  await f.profile('setup', { writeTools: true })
  await f.setPolicy('setup')
  const c = await f.connect('setup')
  walletId = (json(await c.call('list_wallets')).data as Array<{ id: string; name: string }>).find(
    (w) => w.name === 'Main',
  )!.id
  const company = { counterparty_type: 'company', company_name: 'Acme Ltd', wallet_type: 'unhosted', country: 'DE' }
  sepoliaId = json(
    await c.call('create_counterparty', { ...company, network: ETH.network, address: DESTINATION, label: 'Acme' }),
  ).data.id
  polygonId = json(
    await c.call('create_counterparty', {
      ...company,
      network: USDC_POLYGON.network,
      address: LOWER,
      label: 'Agent own',
    }),
  ).data.id
  await f.console.verify(sepoliaId, new Date(Date.now() - 100 * HOUR).toISOString())
  await f.console.verify(polygonId, new Date(Date.now() - HOUR / 2).toISOString())
  await c.close()
}, 60_000)

afterAll(async () => {
  await f?.close()
})

let keys = 0
const newKey = (what: string) => `${what}-${Date.now()}-${++keys}`

function usdc(c: Pick<Connected, 'call'>, key: string, amount: string, over: Record<string, unknown> = {}) {
  return c.call('request_withdrawal', {
    idempotency_key: key,
    wallet_id: walletId,
    asset: 'USDC',
    amount,
    destination: DESTINATION,
    ...over,
  })
}

async function postsWithKey(key: string) {
  return (await f.console.requests()).filter(
    (r) => r.method === 'POST' && /^\/api\/v1\/withdrawals(\?|$)/.test(r.path) && r.idempotency_key === key,
  )
}

type Result = Awaited<ReturnType<Connected['call']>>
function errorOf(result: Result): { code: string; message: string; rule?: string; remaining?: string | null } {
  expect(result.isError, JSON.stringify(result.content)).toBe(true)
  return json(result).error
}

function accepted(result: Result) {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy()
  return (result.structuredContent as { data: { id: string; network: string } }).data
}

describe('the destination and network the provider will pay, not the text the agent sent', () => {
  it('--destinations ID: a checksummed address with no network, paid on polygon to an unlisted entry, is refused; nothing is sent', async () => {
    await f.profile('list', { writeTools: true })
    await f.setPolicy('list', ['--destinations', sepoliaId])
    const c = await f.connect('list')
    const key = newKey('case-list')
    expect(errorOf(await usdc(c, key, '5'))).toMatchObject({ code: 'policy_denied', rule: 'destinations' })
    expect(await postsWithKey(key)).toEqual([])
    // The listed entry is found whatever the case the agent writes it in, as the provider finds it.
    expect(
      accepted(
        await c.call('request_withdrawal', {
          idempotency_key: newKey('lower-ok'),
          wallet_id: walletId,
          asset: 'ETH',
          amount: '0.001',
          destination: LOWER,
          network: ETH.network,
        }),
      ).network,
    ).toBe(ETH.network)
  })

  it('--destinations verified-for:48: the same request resolves to the entry verified 30 minutes ago and is refused', async () => {
    await f.profile('aged', { writeTools: true })
    await f.setPolicy('aged', ['--destinations', 'verified-for:48'])
    const c = await f.connect('aged')
    const key = newKey('case-aged')
    const error = errorOf(await usdc(c, key, '5'))
    expect(error).toMatchObject({ code: 'policy_denied', rule: 'destinations' })
    expect(error.message).toContain(polygonId)
    expect(await postsWithKey(key)).toEqual([])
  })
})

describe('asset symbols', () => {
  it('"usdc", "USDC " and the names of an object\'s prototype are refused before any rule, with a clean message; nothing is sent', async () => {
    await f.profile('assets', { writeTools: true })
    await f.setPolicy('assets', ['--max-per-payout', 'USDC=1', '--max-per-day', 'USDC=2', '--hold-above', 'USDC=0.5'])
    const c = await f.connect('assets')
    for (const asset of ['usdc', 'USDC ', '__proto__', 'constructor', 'toString']) {
      const key = newKey('asset')
      const error = errorOf(await usdc(c, key, '5', { asset, network: USDC_POLYGON.network }))
      expect(error.code, asset).toBe('validation_failed')
      expect(error.message).not.toMatch(/big\.js|Invalid number/)
      expect(await postsWithKey(key)).toEqual([])
    }
    expect(errorOf(await usdc(c, newKey('exact'), '5', { network: USDC_POLYGON.network }))).toMatchObject({
      code: 'policy_denied',
      rule: 'max_per_payout',
    })
  })
})

describe('an unknown outcome sent again passes the policy again', () => {
  async function unknownPayout(c: Connected, key: string) {
    await f.console.faults({
      method: 'POST',
      path_prefix: '/api/v1/withdrawals',
      mode: 'status',
      status: 500,
      times: 5,
    })
    const error = errorOf(await usdc(c, key, '5', { destination: LOWER, network: USDC_POLYGON.network }))
    expect(error.code).toBe('not_recorded')
    // One story: the provider has no record, so nothing was paid; no "not known yet" after it.
    expect(error.message).not.toMatch(/not known yet/)
    return (await postsWithKey(key)).length
  }

  it('after --hold-all on, the retry is held; after its destination left the list, the retry is refused; neither is sent', async () => {
    await f.profile('unknown', { writeTools: true })
    await f.setPolicy('unknown', ['--destinations', `${sepoliaId},${polygonId}`])
    const c = await f.connect('unknown')
    const held = newKey('unknown-held')
    const heldPosts = await unknownPayout(c, held)
    const denied = newKey('unknown-denied')
    const deniedPosts = await unknownPayout(c, denied)

    await f.setPolicy('unknown', ['--destinations', `${sepoliaId},${polygonId}`, '--hold-all', 'on'])
    expect(errorOf(await usdc(c, held, '5', { destination: LOWER, network: USDC_POLYGON.network }))).toMatchObject({
      code: 'payout_held',
      rule: 'hold_all',
    })
    expect(await postsWithKey(held)).toHaveLength(heldPosts)

    await f.setPolicy('unknown', ['--destinations', sepoliaId])
    expect(errorOf(await usdc(c, denied, '5', { destination: LOWER, network: USDC_POLYGON.network }))).toMatchObject({
      code: 'policy_denied',
      rule: 'destinations',
    })
    expect(await postsWithKey(denied)).toHaveLength(deniedPosts)
  }, 60_000)
})

describe('checked, then held (issue 21.3)', () => {
  it('a label as destination with no network, above the hold threshold, is refused with validation_failed, not held', async () => {
    await f.profile('label', { writeTools: true })
    await f.setPolicy('label', ['--hold-above', 'USDC=50'])
    const c = await f.connect('label')
    const key = newKey('label')
    expect(errorOf(await usdc(c, key, '60', { destination: 'Acme Supplies' })).code).toBe('validation_failed')
    const held = await f.cli(['held', 'list', '--profile', 'label', '--json'])
    expect(JSON.parse(held.stdout)).toEqual([])
    // The retry answers the same refusal, never payout_held.
    expect(errorOf(await usdc(c, key, '60', { destination: 'Acme Supplies' })).code).toBe('validation_failed')
  })

  it('a complete request is held with what the provider will pay: wallet name, destination name and address, network, verified time, rule', async () => {
    await f.profile('facts', { writeTools: true })
    await f.setPolicy('facts', ['--hold-above', 'USDC=50'])
    const c = await f.connect('facts')
    const key = newKey('facts')
    expect(errorOf(await usdc(c, key, '60', { destination: LOWER }))).toMatchObject({
      code: 'payout_held',
      rule: 'hold_above',
    })
    const [row] = JSON.parse((await f.cli(['held', 'list', '--profile', 'facts', '--json'])).stdout)
    expect(row.hold).toMatchObject({
      rule: 'hold_above',
      walletName: 'Main',
      destinationId: polygonId,
      destinationName: 'Agent own',
      destinationAddress: LOWER,
      network: USDC_POLYGON.network,
      verifiedAt: expect.any(String),
    })
    const text = (await f.cli(['held', 'list', '--profile', 'facts'])).stdout
    for (const shown of ['Main', 'Agent own', LOWER, USDC_POLYGON.network, 'hold_above']) expect(text).toContain(shown)
    // The agent's retry without the network (as first sent) is the same payout.
    expect(errorOf(await usdc(c, key, '60', { destination: LOWER })).code).toBe('payout_held')
  })

  it('a released payout the provider refused answers that refusal on retry, not payout_held', async () => {
    await f.profile('released', { writeTools: true })
    const c = await f.connect('released')
    const key = newKey('released')
    expect(errorOf(await usdc(c, key, '1', { destination: LOWER })).code).toBe('payout_held')
    await f.console.settings({ approver_available: false })
    try {
      expect((await f.cli(['held', 'release', key, '--profile', 'released'])).code).toBe(1)
    } finally {
      await f.console.settings({ approver_available: true })
    }
    expect(errorOf(await usdc(c, key, '1', { destination: LOWER })).code).toBe('no_approver_available')
    expect(await postsWithKey(key)).toHaveLength(1)
  })
})

describe('rolling totals count a payout when it was sent', () => {
  it('five refused payouts sent again a day later count then: a sixth new one passes no cap', async () => {
    await f.profile('resend-day', { writeTools: true })
    await f.setPolicy('resend-day', ['--max-per-day', 'USDC=250'])
    let offset = 0
    const c = await connectInProcess({ home: f.home, profile: 'resend-day', now: () => new Date(Date.now() + offset) })
    try {
      const sent = Array.from({ length: 5 }, () => newKey('day1'))
      await f.console.settings({ approver_available: false })
      try {
        for (const key of sent)
          expect(errorOf(await usdc(c, key, '50', { destination: LOWER })).code).toBe('no_approver_available')
      } finally {
        await f.console.settings({ approver_available: true })
      }
      offset = 25 * HOUR
      for (const key of sent) accepted(await usdc(c, key, '50', { destination: LOWER }))
      expect(errorOf(await usdc(c, newKey('day2'), '50', { destination: LOWER }))).toMatchObject({
        code: 'policy_denied',
        rule: 'max_per_day',
        remaining: '0',
      })
    } finally {
      await c.close()
    }
  }, 60_000)
})
