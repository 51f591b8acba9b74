import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventPayload } from '../../../shared/ipc/events'
import { AGENT_REQUESTER, AgentPayouts } from '../../../electron/core/connector'
import { EventBus } from '../../../electron/core/event-bus'
import { AgentPolicy } from '../../../electron/core/policy/use-cases'
import { ProfileStore, type Profile } from '../../../electron/core/profiles'
import { ProfileSession } from '../../../electron/core/session/session'
import type { SessionServices } from '../../../electron/core/session/session-options'
import { createEd25519Signer } from '../../../electron/core/signing'
import { startSimulator } from '../../../electron/simulator'
import { setupWorkspace, type Workspace } from '../../harness/api-fixture'

const MIN = 60_000
type Waiting = EventPayload<'payouts.waiting'>

describe('the app session tells what waits on the person, once per payout, on its own clock', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dataDir: string
  let profile: Profile
  // The session's clock and the person's threshold: the test moves them, nothing sleeps.
  let clock = new Date()
  let minutes = 240
  const told: Waiting[] = []
  const system: Array<{ title: string; body: string }> = []

  const open = async (services: SessionServices = { followPayouts: true, remindWaiting: true }) => {
    const events = new EventBus()
    events.subscribe((event, payload) => {
      if (event === 'payouts.waiting') told.push(payload as Waiting)
    })
    const session = await ProfileSession.open(profile, {
      dataDir,
      role: 'app',
      events,
      openSigner: async () => createEd25519Signer(ws.key.keyId, ws.key.secret),
      poller: { minDelayMs: 50, maxDelayMs: 200 },
      now: () => clock,
      reminderMinutes: async () => minutes,
      notify: (title, body) => system.push({ title, body }),
    })
    session.start(services)
    return session
  }
  /** A payout the session requested, once the poller's read has put it in the store as waiting for approval. */
  const pendingPayout = async (session: ProfileSession, amount: string) => {
    const { withdrawal } = await session.payouts.request({ ...ws.target, amount }, { requestedBy: 'app' })
    await expect.poll(() => session.store.withdrawals.get(withdrawal!.id)?.withdrawal.status).toBe('pending_approval')
    return withdrawal!
  }
  const approvals = () => told.filter((t) => t.kind === 'approval')

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    dataDir = await mkdtemp(join(tmpdir(), 'wait-reminders-'))
    // A profile of the data directory with the agent's write tools on: the send gate reads the switch at each send.
    const profiles = new ProfileStore(dataDir)
    const added = await profiles.add({
      name: 'Readers',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    profile = await profiles.update(added.id, { keyId: ws.key.keyId, agentWriteTools: true })
  })
  afterAll(async () => {
    await ws.client.sender.close()
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('reminds of a payout pending 4 h 01 min once, not again after a restart, and applies a new threshold', async () => {
    let session = await open()
    try {
      const first = await pendingPayout(session, '1.00')
      const created = Date.parse(first.created_at)
      clock = new Date(created + 239 * MIN)
      await session.reminders.check()
      expect(approvals()).toEqual([])

      clock = new Date(created + 241 * MIN)
      await session.reminders.check()
      expect(approvals()).toEqual([
        expect.objectContaining({
          profileId: profile.id,
          thresholdMinutes: 240,
          payouts: [{ id: first.id, amount: first.amount, asset: 'USDC', createdAt: first.created_at }],
        }),
      ])
      expect(system).toEqual([
        {
          title: 'Waiting for approval',
          body: 'Payout of 1.00 USDC has waited 4 h 1 min for approval in the console.',
        },
      ])
      clock = new Date(created + 300 * MIN)
      await session.reminders.check()
      expect(approvals()).toHaveLength(1)
    } finally {
      await session.close()
    }

    // The app quits and opens again: the payout was told of, in the store.
    session = await open()
    try {
      await session.reminders.check()
      expect(approvals()).toHaveLength(1)

      // Two more payouts 31 minutes old: not due at 4 h; due together (one notice) once the person sets 30 minutes.
      clock = new Date()
      const a = await pendingPayout(session, '2.00')
      const b = await pendingPayout(session, '3.00')
      clock = new Date(Math.max(Date.parse(a.created_at), Date.parse(b.created_at)) + 31 * MIN)
      await session.reminders.check()
      expect(approvals()).toHaveLength(1)
      minutes = 30
      await session.reminders.check()
      expect(approvals()).toHaveLength(2)
      expect(approvals()[1]!.payouts.map((p) => p.id)).toEqual([a.id, b.id])
      expect(system.at(-1)).toEqual({
        title: 'Waiting for approval',
        body: '2 payouts have waited more than 30 min for approval in the console.',
      })
    } finally {
      await session.close()
    }
  })

  it("tells of an agent's held payout at once, once per key", async () => {
    const session = await open()
    try {
      // The default policy holds every agent payout for a person.
      const agent = new AgentPayouts(
        session.payouts,
        session.client,
        new AgentPolicy(session.store, AGENT_REQUESTER),
        () => clock,
      )
      await expect(agent.request('agent-held-1', { ...ws.target, amount: '4.00' })).rejects.toMatchObject({
        code: 'payout_held',
      })
      await expect
        .poll(() => told.filter((t) => t.kind === 'held'))
        .toEqual([
          expect.objectContaining({
            payouts: [expect.objectContaining({ id: 'agent-held-1', amount: '4.00', asset: 'USDC' })],
          }),
        ])
      expect(system.at(-1)).toEqual({
        title: 'Held for you',
        body: "The agent's payout of 4.00 USDC is held for you: release or reject it.",
      })
      // The agent asks again with the same key: still one notice.
      await expect(agent.request('agent-held-1', { ...ws.target, amount: '4.00' })).rejects.toMatchObject({
        code: 'payout_held',
      })
      await session.reminders.check()
      expect(told.filter((t) => t.kind === 'held')).toHaveLength(1)
    } finally {
      await session.close()
    }
  })

  it('a copy left in the store from before a restart reminds only once the poller has read it again', async () => {
    clock = new Date()
    minutes = 240
    let session = await open()
    const left = await pendingPayout(session, '5.00').finally(() => session.close())
    clock = new Date(Date.parse(left.created_at) + 300 * MIN)
    const toldOf = () => approvals().some((t) => t.payouts.some((p) => p.id === left.id))

    // Nothing reads it again in a session that does not follow payouts: it may have been approved meanwhile.
    session = await open({ remindWaiting: true })
    await session.reminders.check().finally(() => session.close())
    expect(toldOf()).toBe(false)

    session = await open()
    try {
      await expect.poll(async () => (await session.reminders.check(), toldOf())).toBe(true)
    } finally {
      await session.close()
    }
  })
})
