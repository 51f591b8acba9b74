import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_RULES } from '../../../shared/policy/policy-schema'
import { AGENT_REQUESTER } from '../../../electron/core/connector'
import { type Desk } from '../../../electron/core/desk'
import { DeskError } from '../../../electron/core/errors'
import { profileDir } from '../../../electron/core/profiles'
import { startSimulator } from '../../../electron/simulator'
import { requestLog, type Workspace } from '../../harness/api-fixture'
import { auditText } from '../../harness/store-reader'
import { closeDeskRig, openDeskRig } from '../../harness/ipc-desk'

describe('policy and held-payout IPC channels through the desk router', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  let profileId: string
  let otherId: string

  beforeAll(async () => {
    ;({ sim, ws, dir, desk, profileId } = await openDeskRig('policy-ipc-'))
    otherId = (
      await desk.router.call('profiles.create', {
        name: 'Other',
        environment: 'sandbox',
        baseUrl: sim.sandbox.url,
        algorithm: 'ed25519',
      })
    ).id
  })
  afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

  it('shows the default, sets, refuses bad rules and unknown destination ids, clears; each change audited as the app with who', async () => {
    expect(await desk.router.call('policy.show', { profileId })).toMatchObject({
      kind: 'default',
      policy: { holdAll: true },
      rules: expect.arrayContaining([expect.stringMatching(/Every payout waits/)]),
    })
    const book = await ws.client.listCounterparties()
    const destinationId = book.find((c) => c.address === ws.target.destination)!.id
    const set = await desk.router.call('policy.set', {
      profileId,
      policy: { ...NO_RULES, maxPerDay: { USDC: '100' }, destinations: { kind: 'list', ids: [destinationId] } },
    })
    expect(set).toMatchObject({
      kind: 'set',
      setBy: expect.stringMatching(/^app \(.+\)$/),
      rules: expect.arrayContaining([
        'At most 100 USDC in total in any 24 hours (payouts requested by the agent that were not refused, discarded or cancelled).',
      ]),
    })

    const zero = await desk.router
      .call('policy.set', { profileId, policy: { ...NO_RULES, maxPerPayout: { USDC: '0' } } })
      .catch((e: DeskError) => e)
    expect(zero).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/must be more than 0/) })
    const unknownId = await desk.router
      .call('policy.set', { profileId, policy: { ...NO_RULES, destinations: { kind: 'list', ids: ['nope'] } } })
      .catch((e: DeskError) => e)
    expect(unknownId).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/no destination has the id nope/),
    })
    expect((await desk.router.call('policy.show', { profileId })).policy?.maxPerDay).toEqual({ USDC: '100' })

    // A profile that is not the open one has its own store and its own policy.
    await desk.router.call('policy.set', { profileId: otherId, policy: { ...NO_RULES, maxRequestsPerHour: 3 } })
    expect((await desk.router.call('policy.show', { profileId: otherId })).policy?.maxRequestsPerHour).toBe(3)
    expect((await desk.router.call('policy.show', { profileId })).policy?.maxRequestsPerHour).toBeNull()

    // The clear holds every payout at once; removing the daily cap and the list allows more, so that part waits.
    expect(await desk.router.call('policy.clear', { profileId })).toMatchObject({
      kind: 'set',
      policy: { holdAll: true, maxPerDay: { USDC: '100' } },
      pending: { policy: null },
    })
    const audit = auditText(profileDir(dir, profileId))
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((e) => e.path.startsWith('policy.'))
    expect(audit.map((e) => [e.path, e.actor])).toEqual([
      ['policy.set', 'app'],
      ['policy.set', 'app'],
      ['policy.pending', 'app'],
    ])
  })

  it('lists held agent payouts in full; release sends one under the agent key; reject sends nothing and keeps the reason', async () => {
    // The agent made these payouts, so its write tools are on: the send gate reads the switch when one is released.
    await desk.router.call('profiles.setAgentWriteTools', { profileId, enabled: true })
    const session = await desk.sessions.session()
    const body = {
      wallet_id: ws.target.wallet_id,
      asset: 'USDC',
      amount: '1.5',
      destination: ws.target.destination,
      network: ws.target.network,
    }
    await session.payouts.outbox.add(body, AGENT_REQUESTER, new Date(), 'agent-held-1', { state: 'held' })
    await session.payouts.outbox.add({ ...body, amount: '2' }, AGENT_REQUESTER, new Date(), 'agent-held-2', {
      state: 'held',
    })
    const held = await desk.router.call('held.list', {})
    expect(held.map((e) => [e.idempotencyKey, e.body.amount])).toEqual([
      ['agent-held-1', '1.5'],
      ['agent-held-2', '2'],
    ])

    const released = await desk.router.call('held.release', { idempotencyKey: 'agent-held-1' })
    expect(released).toMatchObject({
      entry: { state: 'accepted' },
      withdrawal: { amount: '1.5', status: 'pending_approval' },
    })
    const posts = (await requestLog(sim.sandbox.url)).filter(
      (r) => r.method === 'POST' && r.idempotency_key?.startsWith('agent-held-'),
    )
    expect(posts.map((r) => r.idempotency_key)).toEqual(['agent-held-1'])

    const rejected = await desk.router.call('held.reject', {
      idempotencyKey: 'agent-held-2',
      reason: '  Too much today  ',
    })
    expect(rejected).toMatchObject({ state: 'discarded', error: { code: 'held_rejected', message: 'Too much today' } })
    expect(await desk.router.call('held.list', {})).toEqual([])
    await expect(
      desk.router.call('held.reject', { idempotencyKey: 'agent-held-1', reason: 'late' }),
    ).rejects.toMatchObject({ code: 'invalid_input' })
    await expect(
      desk.router.call('held.reject', { idempotencyKey: 'agent-held-2', reason: '   ' }),
    ).rejects.toMatchObject({ code: 'invalid_input' })
  })
})
