import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventBus } from '../../../electron/core/event-bus'
import { createEd25519Signer } from '../../../electron/core/signing'
import { DeskStore } from '../../../electron/core/store'
import { ProfileSession } from '../../../electron/core/session/session'
import { startSimulator } from '../../../electron/simulator'
import { registerKey, setupWorkspace, type RegisteredKey, type Workspace } from '../../harness/api-fixture'
import { readerProfile } from '../../harness/readers'
import { tsChild } from '../../harness/ts-child'

const CHILD = join(import.meta.dirname, '../../harness/lease-child.ts')

/** A process that takes `resource` on the store in `dir`; resolves with its answer and the child. */
async function leaseHolder(dir: string, resource: string) {
  const child = spawn(process.execPath, [...tsChild(CHILD), dir, resource], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const answer = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
      if (out.endsWith('\n')) resolve(out.trim())
    })
    child.once('exit', (code) => reject(new Error(`the lease holder ended with ${code}`)))
  })
  return { child, answer }
}

describe('one process at a time polls a given withdrawal', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dataDir: string
  let key: RegisteredKey

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    key = await registerKey(sim.sandbox.url, ws.workspaceId)
    dataDir = await mkdtemp(join(tmpdir(), 'poll-sharing-'))
  })
  afterAll(async () => {
    await ws.client.sender.close()
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('a lease held by another live process is refused, and taken once that process is killed', async () => {
    const dir = join(dataDir, 'killed')
    const { child, answer } = await leaseHolder(dir, 'poll:w1')
    expect(answer).toBe('held')
    const store = DeskStore.open(dir, 'test')
    try {
      expect(store.leases.tryTake('poll:w1')).toBe(false)
      const gone = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await gone
      // No goodbye, no release: the dead pid alone frees it.
      expect(store.leases.tryTake('poll:w1')).toBe(true)
    } finally {
      store.close()
    }
  })

  it('two sessions on one profile following one accepted payout: only one of them reads payouts from the provider', async () => {
    const profile = readerProfile(sim.sandbox.url, key.keyId)
    const open = (role: 'app' | 'cli') => {
      const events = new EventBus()
      const seen: string[] = []
      events.subscribe((event, payload) => {
        if (event === 'withdrawal.updated') seen.push((payload as { withdrawal: { id: string } }).withdrawal.id)
      })
      const session = ProfileSession.open(profile, {
        dataDir,
        role,
        events,
        // Each session disposes of its own signer when it closes.
        openSigner: async () => createEd25519Signer(key.keyId, key.secret),
        poller: { minDelayMs: 50, maxDelayMs: 100 },
        followPerMinute: 10_000,
      }).then((s) => {
        s.start({ followPayouts: true })
        return s
      })
      return { session, seen }
    }
    const app = open('app')
    const cli = open('cli')
    const [a, c] = await Promise.all([app.session, cli.session])
    let aOpen = true
    try {
      const { withdrawal } = await a.payouts.request({ ...ws.target, amount: '1.25' }, { requestedBy: 'app' })
      const id = withdrawal!.id
      // Payouts are followed through the withdrawal list (the detail only for one the list does not hold).
      const follows = (path: string) => path.startsWith('/api/v1/withdrawals?') || path === `/api/v1/withdrawals/${id}`
      const getsOf = () =>
        a.store.audit
          .tail(10_000)
          .filter((e) => e.method === 'GET' && follows(e.path))
          .map((e) => e.actor)
      // The other session follows it too (it saw the accepted entry) and has the stored answer to show.
      await expect.poll(() => cli.seen.includes(id), { timeout: 20_000 }).toBe(true)
      expect(c.poller.trackedIds()).toContain(id)
      await expect.poll(() => getsOf().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10)
      expect(new Set(getsOf())).toEqual(new Set(['app']))

      // When the polling session ends, its lease goes with it and the other takes the poll over.
      aOpen = false
      await a.close()
      await expect
        .poll(
          () => c.store.audit.tail(10_000).some((e) => e.method === 'GET' && follows(e.path) && e.actor === 'cli'),
          { timeout: 20_000 },
        )
        .toBe(true)
    } finally {
      if (aOpen) await a.close()
      await c.close()
    }
  })
})
