import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runConnector } from '../../../electron/core/connector/run-connector'
import { connectInProcess, type InProcessConnector } from '../../harness/in-process-connector'
import { DESTINATION, ETH, json, startConnectorFixture, type ConnectorFixture } from './connector-fixture'

// Every tool of the connector, run in this process (runConnector over streams) against the simulator, with the real
// keychain.
let f: ConnectorFixture
let c: InProcessConnector
let walletId: string

beforeAll(async () => {
  f = await startConnectorFixture()
  await f.profile('inproc', { writeTools: true })
  // About the tools, not the rules: no policy rule at all (the default for write tools would hold every payout).
  await f.setPolicy('inproc')
  c = await connectInProcess({ home: f.home, profile: 'inproc', now: () => new Date() })
  walletId = (
    (await c.call('list_wallets')).structuredContent as { data: Array<{ id: string; name: string }> }
  ).data.find((w) => w.name === 'Main')!.id
}, 60_000)
afterAll(async () => {
  await c?.close()
  await f?.close()
})

const posts = async (key: string) =>
  (await f.console.requests()).filter(
    (r) => r.method === 'POST' && r.path.startsWith('/api/v1/withdrawals') && r.idempotency_key === key,
  )

describe('read tools', () => {
  it('wallets, movements and the destination book read as the provider has them', async () => {
    expect((await c.call('get_wallet', { wallet_id: walletId })).structuredContent).toMatchObject({
      data: { id: walletId, name: 'Main' },
    })
    const page = (await c.call('list_transactions', { wallet_id: walletId, limit: 10 })).structuredContent as {
      data: Array<{ id: string }>
      next_cursor: string | null
    }
    expect(page.data).toHaveLength(3)
    expect(page.next_cursor).toBeNull()
    const tx = (await c.call('get_transaction', { transaction_id: page.data[0]!.id })).structuredContent as {
      data: Array<{ id: string }>
    }
    expect(tx.data[0]!.id).toBe(page.data[0]!.id)
    expect((await c.call('list_counterparties')).structuredContent).toEqual({ data: [] })
    expect((await c.call('list_withdrawals', {})).structuredContent).toEqual({ data: [], next_offset: null })
  })
})

describe('write tools', () => {
  it('a destination is registered pending, once; a payout to it once verified is paid once, read back, and cancelled', async () => {
    const body = {
      network: ETH.network,
      address: DESTINATION,
      counterparty_type: 'company',
      company_name: 'Inproc Ltd',
      wallet_type: 'unhosted',
      country: 'DE',
      label: 'Inproc',
    }
    const created = (await c.call('create_counterparty', body)).structuredContent as {
      data: { id: string; status: string }
      already_exists: boolean
    }
    expect(created).toMatchObject({ data: { status: 'pending' }, already_exists: false })
    expect((await c.call('create_counterparty', body)).structuredContent).toMatchObject({
      data: { id: created.data.id },
      already_exists: true,
    })
    await f.console.verify(created.data.id)

    const key = `inproc-${Date.now()}`
    const args = {
      idempotency_key: key,
      wallet_id: walletId,
      asset: 'ETH',
      amount: '0.01',
      destination: DESTINATION,
      network: ETH.network,
    }
    const made = (await c.call('request_withdrawal', args)).structuredContent as {
      data: { id: string }
      retried: boolean
    }
    expect(made.retried).toBe(false)
    expect((await c.call('request_withdrawal', args)).structuredContent).toMatchObject({
      data: { id: made.data.id },
      retried: true,
    })
    expect(await posts(key)).toHaveLength(1)
    const conflict = await c.call('request_withdrawal', { ...args, amount: '0.02' })
    expect(conflict.isError).toBe(true)
    expect(json(conflict).error).toMatchObject({
      code: 'idempotency_conflict',
      message: expect.stringMatching(/already used for a different payout/),
    })

    const listed = (await c.call('list_withdrawals', { idempotency_key: key })).structuredContent as {
      data: Array<{ id: string }>
    }
    expect(listed.data.map((w) => w.id)).toEqual([made.data.id])
    expect((await c.call('cancel_withdrawal', { withdrawal_id: made.data.id })).structuredContent).toMatchObject({
      data: { id: made.data.id, status: 'cancelled' },
    })
    expect((await c.call('get_withdrawal', { withdrawal_id: made.data.id })).structuredContent).toMatchObject({
      data: { status: 'cancelled' },
      stale: false,
    })
  })

  it('a payout the provider never recorded is said so; the retry with the same key sends it, once', async () => {
    const key = `never-${Date.now()}`
    const args = {
      idempotency_key: key,
      wallet_id: walletId,
      asset: 'ETH',
      amount: '0.03',
      destination: DESTINATION,
      network: ETH.network,
    }
    // Every attempt the sender makes (5) answers 500.
    await f.console.faults({
      method: 'POST',
      path_prefix: '/api/v1/withdrawals',
      mode: 'status',
      status: 500,
      times: 5,
    })
    const lost = await c.call('request_withdrawal', args)
    expect(await posts(key)).toHaveLength(5)
    expect(lost.isError).toBe(true)
    expect(json(lost).error).toMatchObject({
      code: 'not_recorded',
      message: expect.stringMatching(
        /has no record of it: nothing was paid\. Call request_withdrawal again with the same idempotency_key/,
      ),
    })
    expect(
      ((await c.call('list_withdrawals', { idempotency_key: key })).structuredContent as { data: unknown[] }).data,
    ).toEqual([])

    const retry = await c.call('request_withdrawal', args)
    expect(retry.isError, JSON.stringify(retry.content)).toBeFalsy()
    expect(retry.structuredContent).toMatchObject({ retried: true, idempotency_key: key })
    const paid = ((await c.call('list_withdrawals', { idempotency_key: key })).structuredContent as { data: unknown[] })
      .data
    expect(paid).toHaveLength(1)
    expect(await posts(key)).toHaveLength(6)
  })
})

it('a profile that is not there ends the connector at once: exit 2, the reason on stderr, nothing on stdout', async () => {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (b: Buffer) => (out += b.toString('utf8')))
  stderr.on('data', (b: Buffer) => (err += b.toString('utf8')))
  const code = await runConnector({
    dataDir: f.home,
    profile: 'Nobody',
    version: 'test',
    stdin: new PassThrough(),
    stdout,
    stderr,
  })
  expect(code).toBe(2)
  expect(out).toBe('')
  expect(err).toBe(
    'payout-desk connector: There is no profile "Nobody" in this data directory. "payout-desk profile list" shows the names. (profile_not_found)\n',
  )
})
