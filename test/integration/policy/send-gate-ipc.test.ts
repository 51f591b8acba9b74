import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_RULES } from '../../../shared/policy/policy-schema'
import { AGENT_REQUESTER } from '../../../electron/core/connector'
import { type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { requestLog, type Workspace } from '../../harness/api-fixture'
import { closeDeskRig, openDeskRig } from '../../harness/ipc-desk'

/** Issue 34: the app's own doors to a send (Send again, Release) pass the same gate as the agent's. */
describe('the send gate behind the app', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  let profileId: string

  beforeAll(async () => {
    ;({ sim, ws, dir, desk, profileId } = await openDeskRig('send-gate-ipc-'))
    await desk.router.call('profiles.setAgentWriteTools', { profileId, enabled: true })
  })
  afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

  const posts = async (key: string) =>
    (await requestLog(sim.sandbox.url)).filter((r) => r.method === 'POST' && r.idempotency_key === key)

  it("a person's Send again of an agent payout the provider never recorded is decided under the policy in force now", async () => {
    const session = await desk.sessions.session()
    const body = {
      wallet_id: ws.target.wallet_id,
      asset: 'USDC',
      amount: '5',
      destination: ws.target.destination,
      network: ws.target.network,
    }
    const key = 'agent-unrecorded-1'
    await session.payouts.outbox.add(body, AGENT_REQUESTER, new Date(), key)
    await session.payouts.outbox.mark(key, 'unknown', {
      error: { code: 'not_recorded', message: 'The provider has no record of this payout.' },
    })
    await desk.router.call('policy.set', { profileId, policy: { ...NO_RULES, maxPerPayout: { USDC: '1' } } })

    const entry = await desk.router.call('payouts.resend', { idempotencyKey: key })
    expect(entry).toMatchObject({ state: 'refused', error: { code: 'policy_denied', rule: 'max_per_payout' } })
    expect(await posts(key)).toEqual([])
  })

  it('Release over IPC: refused naming the rule without an override, sent with it', async () => {
    const session = await desk.sessions.session()
    const body = {
      wallet_id: ws.target.wallet_id,
      asset: 'USDC',
      amount: '3',
      destination: ws.target.destination,
      network: ws.target.network,
    }
    await session.payouts.outbox.add(body, AGENT_REQUESTER, new Date(), 'agent-held-over', { state: 'held' })
    await desk.router.call('policy.set', { profileId, policy: { ...NO_RULES, maxPerPayout: { USDC: '1' } } })

    await expect(desk.router.call('held.release', { idempotencyKey: 'agent-held-over' })).rejects.toMatchObject({
      code: 'policy_denied',
      message: expect.stringMatching(/max_per_payout.*--override max_per_payout/),
    })
    expect(await posts('agent-held-over')).toEqual([])
    const released = await desk.router.call('held.release', {
      idempotencyKey: 'agent-held-over',
      override: 'max_per_payout',
    })
    expect(released).toMatchObject({ entry: { state: 'accepted' } })
    expect(await posts('agent-held-over')).toHaveLength(1)
  })
})
