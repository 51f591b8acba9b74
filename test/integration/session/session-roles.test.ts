import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { EventBus } from '../../../electron/core/event-bus'
import { ProfileStore, type Profile } from '../../../electron/core/profiles'
import { openSession, withSession, type SessionRole } from '../../../electron/core/session'
import { createEd25519Signer } from '../../../electron/core/signing'
import { startSimulator } from '../../../electron/simulator'
import { setupWorkspace, type Workspace } from '../../harness/api-fixture'

/** Counts what a session builds: each background part, by the class a role would construct. */
const { built, counted } = vi.hoisted(() => {
  const built = new Map<string, number>()
  const counted = <M extends Record<string, unknown>>(original: M, name: string): M => {
    const Real = original[name] as new (...args: never[]) => object
    class Counted extends Real {
      constructor(...args: never[]) {
        super(...args)
        built.set(name, (built.get(name) ?? 0) + 1)
      }
    }
    return { ...original, [name]: Counted }
  }
  return { built, counted }
})
vi.mock('../../../electron/core/payouts/poller', async (load) => counted(await load(), 'WithdrawalPoller'))
vi.mock('../../../electron/core/batch/batch-status-follower', async (load) =>
  counted(await load(), 'BatchStatusFollower'),
)
vi.mock('../../../electron/core/history/history-runner', async (load) => counted(await load(), 'HistoryRunner'))
vi.mock('../../../electron/core/payouts/wait-reminders', async (load) => counted(await load(), 'WaitReminders'))
vi.mock('../../../electron/core/payouts/queued-sender', async (load) => counted(await load(), 'QueuedSender'))

describe('one session factory: a role builds only what it starts', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dataDir: string
  let profile: Profile

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    dataDir = await mkdtemp(join(tmpdir(), 'session-roles-'))
    const profiles = new ProfileStore(dataDir)
    const added = await profiles.add({
      name: 'Roles',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    profile = await profiles.update(added.id, { keyId: ws.key.keyId })
  })
  afterAll(async () => {
    await ws.client.sender.close()
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const options = (role: SessionRole) => ({
    role,
    dataDir,
    events: new EventBus(),
    openSigner: async () => createEd25519Signer(ws.key.keyId, ws.key.secret),
  })

  it.each(['cli', 'one-off'] as const)('a %s session reads and sends, and builds no background part', async (role) => {
    built.clear()
    const wallets = await withSession(profile, options(role), async (s) => s.client.listWallets())
    expect(wallets.length).toBeGreaterThan(0)
    expect([...built.keys()]).toEqual([])
  })

  it("the connector's session builds the queued sender and nothing that follows payouts or syncs", async () => {
    built.clear()
    const session = await openSession(profile, options('connector'))
    await session.close()
    expect([...built.keys()].sort()).toEqual(['QueuedSender'])
  })

  it("the app's session builds what it runs: followers, reminders, the queued sender", async () => {
    built.clear()
    const session = await openSession(profile, options('app'))
    await session.close()
    expect([...built.keys()].sort()).toEqual([
      'BatchStatusFollower',
      'QueuedSender',
      'WaitReminders',
      'WithdrawalPoller',
    ])
  })
})
