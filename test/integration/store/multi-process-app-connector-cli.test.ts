import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import type { Profile } from '../../../electron/core/profiles'
import {
  DESTINATION,
  ETH,
  startConnectorFixture,
  type Connected,
  type ConnectorFixture,
} from '../connector/connector-fixture'

const BIN = join(import.meta.dirname, '../../../bin/payout-desk.js')

interface OutboxJson {
  entries: Array<{
    idempotencyKey: string
    state: string
    withdrawalId: string | null
    requestedBy: string
    createdAt: string
  }>
}

/**
 * The app's core (here, in the test process, behind its router), the connector (its own process,
 * driven over MCP) and the CLI (a third process) on one profile at once, with the real keychain.
 */
describe('app, connector and CLI share one profile store', () => {
  let f: ConnectorFixture
  let profile: Profile
  let desk: Desk
  let agent: Connected
  let walletId: string
  const changes: number[] = []

  beforeAll(async () => {
    f = await startConnectorFixture()
    profile = await f.profile('shared', { writeTools: true })
    // No policy rule: this test is about the shared store (a profile without a policy holds every agent payout).
    await f.setPolicy('shared')
    desk = await createDesk({ dataDir: f.home, shell: 'test', version: '0.0.0' })
    desk.events.subscribe((event) => {
      if (event === 'outbox.changed') changes.push(Date.now())
    })
    await desk.router.call('profiles.select', { profileId: profile.id })
    // The first call opens the app's session on the profile's store, before the connector starts.
    walletId = (await desk.router.call('wallets.list', {})).find((w) => w.name === 'Main')!.id
    const created = await desk.router.call('counterparties.create', {
      network: ETH.network,
      address: DESTINATION,
      counterparty_type: 'company',
      company_name: 'Acme Ltd',
      wallet_type: 'unhosted',
      country: 'DE',
    })
    await f.console.verify(created.counterparty.id)
    agent = await f.connect('shared')
  }, 60_000)
  afterAll(async () => {
    await desk?.dispose()
    await f?.close()
  })

  async function cliOutbox(): Promise<OutboxJson> {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [BIN, 'outbox', '--profile', 'shared', '--home', f.home, '--json'],
      { env: process.env },
    )
    return JSON.parse(stdout) as OutboxJson
  }

  const postsWithKey = async (key: string) =>
    (await f.console.requests()).filter(
      (r) => r.method === 'POST' && r.path.startsWith('/api/v1/withdrawals') && r.idempotency_key === key,
    )

  it('a payout the connector could not confirm shows in the app within 2 s; the app resolves it and the connector sees it resolved', async () => {
    const key = `agent-${Date.now()}`
    const args = {
      idempotency_key: key,
      wallet_id: walletId,
      asset: 'ETH',
      amount: '0.01',
      destination: DESTINATION,
      network: ETH.network,
    }
    // Every attempt is recorded by the provider but its answer is lost, and the look-up fails too:
    // the connector ends with the payout `unknown`.
    await f.console.faults({ method: 'POST', path_prefix: '/api/v1/withdrawals', mode: 'drop_after_commit', times: 5 })
    await f.console.faults({
      method: 'GET',
      path_prefix: '/api/v1/withdrawals',
      mode: 'status',
      status: 503,
      retry_after: 0,
      times: 5,
    })
    const first = await agent.call('request_withdrawal', args)
    expect(first.isError).toBe(true)

    const seen = (await desk.router.call('payouts.outbox', {})).find((e) => e.idempotencyKey === key)
    expect(seen).toMatchObject({ state: 'unknown', requestedBy: 'agent' })
    const committedAt = Date.parse(seen!.createdAt)
    await expect.poll(() => changes.some((t) => t >= committedAt), { timeout: 5_000, interval: 50 }).toBe(true)
    expect(changes.find((t) => t >= committedAt)! - committedAt).toBeLessThan(2_000)

    const resolved = await desk.router.call('payouts.checkAgain', { idempotencyKey: key })
    expect(resolved).toMatchObject({ state: 'accepted', withdrawalId: expect.any(String) })
    const again = await agent.call('request_withdrawal', args)
    expect(again.isError, JSON.stringify(again.content)).toBeFalsy()
    expect(again.structuredContent).toMatchObject({ retried: true, data: { id: resolved.withdrawalId } })
    expect(await postsWithKey(key)).toHaveLength(5)
  })

  it('the CLI lists what both processes recorded, in their current states', async () => {
    const mine = await desk.router.call('payouts.request', {
      wallet_id: walletId,
      asset: 'ETH',
      amount: '0.02',
      destination: DESTINATION,
      network: ETH.network,
    })
    expect(mine.entry.state).toBe('accepted')
    const listed = await cliOutbox()
    const app = await desk.router.call('payouts.outbox', {})
    expect(listed.entries.map((e) => [e.idempotencyKey, e.state, e.withdrawalId])).toEqual(
      app.map((e) => [e.idempotencyKey, e.state, e.withdrawalId]),
    )
    expect(listed.entries).toHaveLength(2)
    expect(new Set(listed.entries.map((e) => e.state))).toEqual(new Set(['accepted']))
    expect(listed.entries.map((e) => e.requestedBy)).toContain('agent')
  })
})
