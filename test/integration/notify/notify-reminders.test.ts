import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventBus } from '../../../electron/core/event-bus'
import { ProfileStore, type Profile } from '../../../electron/core/profiles'
import { ProfileSession } from '../../../electron/core/session/session'
import { createEd25519Signer } from '../../../electron/core/signing'
import { startSimulator } from '../../../electron/simulator'
import { setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { cli } from '../../harness/cli-runner'
import { startWebhookReceiver, type WebhookReceiver } from '../../harness/notify-receivers'

// Runs under test/with-keychain.sh. The session's clock is moved ahead; the notifier looks every few real seconds.
const MIN = 60_000
const hhmm = (d: Date) => d.toISOString().slice(11, 16)

describe('reminders after T1, escalation after T2, quiet hours and the daily digest', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let hooks: WebhookReceiver
  let dataDir: string
  let profile: Profile
  let session: ProfileSession
  let ahead = 0
  const approvers = () => hooks.received.filter((r) => r.path === '/approvers').map((r) => JSON.parse(r.body))
  const heads = () => hooks.received.filter((r) => r.path === '/heads').map((r) => JSON.parse(r.body))
  const run = async (args: string[]) => {
    const r = await cli(dataDir, args)
    expect(r.code, r.stderr).toBe(0)
    return r.stdout
  }

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    hooks = await startWebhookReceiver()
    dataDir = await mkdtemp(join(tmpdir(), 'notify-remind-'))
    const profiles = new ProfileStore(dataDir)
    const added = await profiles.add({
      name: 'Ops',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    profile = await profiles.update(added.id, { keyId: ws.key.keyId })
    await run(['notify', 'add', '--profile', 'Ops', '--webhook', `${hooks.url}/approvers`, '--name', 'approvers'])
    await run([
      'notify',
      'add',
      '--profile',
      'Ops',
      '--webhook',
      `${hooks.url}/heads`,
      '--name',
      'heads',
      '--escalation',
    ])
    expect(await run(['notify', 'set', '--profile', 'Ops', '--expires-after', '3'])).toContain('after 3 h')
    session = await ProfileSession.open(profile, {
      dataDir,
      role: 'app',
      events: new EventBus(),
      openSigner: async () => createEd25519Signer(ws.key.keyId, ws.key.secret),
      poller: { minDelayMs: 50, maxDelayMs: 200 },
      now: () => new Date(Date.now() + ahead),
    })
    session.start({ followPayouts: true })
  }, 60_000)

  afterAll(async () => {
    await session?.close()
    for (const name of ['approvers', 'heads'])
      await cli(dataDir, ['notify', 'remove', '--profile', 'Ops', '--name', name])
    await ws.client.sender.close()
    await hooks.close()
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('tells approvers, reminds them with the time left, escalates to the second list only, holds in quiet hours', async () => {
    const { withdrawal } = await session.payouts.request({ ...ws.target, amount: '7' }, { requestedBy: 'app' })
    const id = withdrawal!.id
    await expect.poll(() => session.store.withdrawals.get(id)?.withdrawal.status).toBe('pending_approval')
    await expect.poll(() => approvers().map((m) => m.kind), { timeout: 15_000 }).toEqual(['payout'])

    ahead = 31 * MIN
    await expect.poll(() => approvers().map((m) => m.kind), { timeout: 15_000 }).toEqual(['payout', 'reminder'])
    const reminder = approvers()[1]
    expect(reminder.payout_ids).toEqual([id])
    expect(reminder.text).toMatch(/waiting 31 min; 2 h 2\d left before the console expires it/)
    expect(heads()).toEqual([])

    // Quiet now, in a time zone of the test's choosing: the escalation waits until the quiet hours end.
    const now = new Date()
    const from = hhmm(new Date(now.getTime() + 61 * MIN))
    const to = hhmm(new Date(now.getTime() + 181 * MIN))
    await run(['notify', 'set', '--profile', 'Ops', '--quiet', `${from}-${to}`, '--time-zone', 'UTC'])
    ahead = 121 * MIN
    await new Promise((resolve) => setTimeout(resolve, 7_000))
    expect(heads()).toEqual([])
    await run(['notify', 'set', '--profile', 'Ops', '--quiet', 'off'])
    await expect.poll(() => heads().map((m) => m.kind), { timeout: 15_000 }).toEqual(['escalation'])
    expect(heads()[0].text).toMatch(/Nobody has approved 1 payout/)
    expect(approvers().map((m) => m.kind)).toEqual(['payout', 'reminder'])

    // The day's digest, once its time has come in the zone.
    await run(['notify', 'set', '--profile', 'Ops', '--digest', hhmm(new Date(Date.now() + ahead - 5 * MIN))])
    await expect.poll(() => approvers().map((m) => m.kind), { timeout: 15_000 }).toContain('digest')
    expect(approvers().filter((m) => m.kind === 'digest')).toHaveLength(1)
    expect((await run(['notify', 'list', '--profile', 'Ops'])).split('\n')[0]).toMatch(/^name\s+kind/)
  }, 90_000)
})
