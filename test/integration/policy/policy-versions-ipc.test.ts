import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_RULES } from '../../../shared/policy/policy-schema'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { agentStopped } from '../../../electron/core/policy/use-cases'
import { profileDir } from '../../../electron/core/profiles'
import { DeskStore } from '../../../electron/core/store'
import { startSimulator } from '../../../electron/simulator'
import { setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { MemorySecretStore } from '../../harness/memory-secret-store'
import { auditText } from '../../harness/store-reader'
import { closeDeskRig } from '../../harness/ipc-desk'

describe('stop switch, waiting policy changes and policy versions through the desk router', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  let profileId: string

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    dir = await mkdtemp(join(tmpdir(), 'policy-versions-ipc-'))
    desk = await createDesk({ dataDir: dir, shell: 'test', version: '0.0.0', secretStore: new MemorySecretStore() })
    const profile = await desk.router.call('profiles.create', {
      name: 'Ops',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    profileId = profile.id
  })
  afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

  const decisions = () =>
    auditText(profileDir(dir, profileId))
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((e) => /^(agent|policy)\./.test(e.path))
      .map((e) => [e.path, e.actor])

  it('agent.stop and agent.resume: the same stop the CLI and the send gate read, audited as the app', async () => {
    expect(await desk.router.call('agent.stopStatus', { profileId })).toEqual({
      stopped: false,
      at: null,
      reason: null,
    })
    const stopped = await desk.router.call('agent.stop', { profileId, reason: 'incident 7' })
    expect(stopped).toMatchObject({ stopped: true, reason: 'incident 7', at: expect.any(String) })
    // What the send gate and `payout-desk agent resume` read.
    const store = DeskStore.open(profileDir(dir, profileId), 'cli')
    try {
      expect(agentStopped(store)).toMatchObject({ reason: 'incident 7' })
    } finally {
      store.close()
    }
    expect(await desk.router.call('agent.resume', { profileId })).toMatchObject({ stopped: false })
    expect(decisions()).toEqual([
      ['agent.stopped', 'app'],
      ['agent.resumed', 'app'],
    ])
  })

  it('a loosening set in the app waits, shown pending; policy.cancelPending drops it; history lists both', async () => {
    await desk.router.call('policy.set', { profileId, policy: { ...NO_RULES, maxPerPayout: { USDC: '10' } } })
    const waiting = await desk.router.call('policy.set', {
      profileId,
      policy: { ...NO_RULES, maxPerPayout: { USDC: '50' } },
    })
    expect(waiting).toMatchObject({
      policy: { maxPerPayout: { USDC: '10' } },
      delayMinutes: 60,
      pending: { changes: [{ field: 'maxPerPayout', before: 'USDC=10', after: 'USDC=50' }] },
    })
    expect(await desk.router.call('policy.cancelPending', { profileId })).toMatchObject({ pending: null })
    const history = await desk.router.call('policy.history', { profileId })
    expect(history.map((v) => v.status)).toEqual(['cancelled', 'applied'])
    expect(decisions().slice(-3)).toEqual([
      ['policy.set', 'app'],
      ['policy.pending', 'app'],
      ['policy.pending_cancelled', 'app'],
    ])
  })
})
