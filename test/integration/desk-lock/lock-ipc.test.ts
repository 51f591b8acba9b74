import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { CHANNELS, type ChannelName } from '../../../shared/ipc/channels'
import { setupWorkspace } from '../../harness/api-fixture'
import { closeDeskRig, registerProfileKey, type DeskRig } from '../../harness/ipc-desk'
import { MemorySecretStore } from '../../harness/memory-secret-store'

const OPEN_WHILE_LOCKED = ['lock.status', 'lock.unlock', 'lock.lock']

describe('the desk lock through the real router, people and store', () => {
  let rig: DeskRig
  let now = Date.parse('2026-11-29T08:00:00Z')
  const heard: string[] = []

  beforeAll(async () => {
    const sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    const ws = await setupWorkspace(sim.production.url)
    const dir = await mkdtemp(join(tmpdir(), 'desk-lock-'))
    const desk = await createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: new MemorySecretStore(),
      now: () => new Date(now),
    })
    const { id: profileId } = await desk.router.call('profiles.create', {
      name: 'Live',
      environment: 'production',
      baseUrl: sim.production.url,
      algorithm: 'ed25519',
    })
    await registerProfileKey(desk, sim.production.url, ws.workspaceId, profileId)
    await desk.router.call('profiles.select', { profileId })
    desk.events.subscribe((name) => heard.push(name))
    rig = { sim, ws, dir, desk, profileId }
  })
  afterAll(() => closeDeskRig(rig))

  it('answers everything while the desk has no people, as before', async () => {
    expect((await rig.desk.router.call('lock.status', {})).enabled).toBe(false)
    expect(await rig.desk.router.call('wallets.list', {})).toBeDefined()
  })

  it('lets the first person in at once; an admin adds a viewer with their passphrase again', async () => {
    await rig.desk.router.call('people.add', { name: 'Ada', role: 'admin', passphrase: 'ada passphrase' })
    const status = await rig.desk.router.call('lock.status', {})
    expect(status).toMatchObject({ enabled: true, locked: false, person: { name: 'Ada', role: 'admin' } })
    const people = await rig.desk.router.call('people.add', {
      name: 'Bo',
      role: 'viewer',
      passphrase: 'bo passphrase',
      yourPassphrase: 'ada passphrase',
    })
    expect(people.map((p) => p.name)).toEqual(['Ada', 'Bo'])
  })

  it('refuses every channel but status, unlock and lock while locked, before reading its input', async () => {
    await rig.desk.router.call('lock.lock', {})
    const answers = await Promise.all(
      (Object.keys(CHANNELS) as ChannelName[]).map(async (c) => [c, await rig.desk.router.dispatch(c, {})] as const),
    )
    for (const [channel, answer] of answers) {
      const code = answer.ok ? 'ok' : answer.error.code
      if (OPEN_WHILE_LOCKED.includes(channel)) expect(code, channel).not.toBe('desk_locked')
      else expect(code, channel).toBe('desk_locked')
    }
    const status = await rig.desk.router.call('lock.status', {})
    expect(status).toMatchObject({ locked: true, person: null, people: ['Ada', 'Bo'] })
  })

  it('opens to a name and its passphrase only', async () => {
    await expect(rig.desk.router.call('lock.unlock', { name: 'Ada', passphrase: 'not it' })).rejects.toMatchObject({
      code: 'wrong_passphrase',
    })
    await rig.desk.router.call('lock.unlock', { name: 'Ada', passphrase: 'ada passphrase' })
    expect(await rig.desk.router.call('wallets.list', {})).toBeDefined()
  })

  it('asks for the passphrase again before a production payout once five minutes passed', async () => {
    now += 6 * 60_000
    rig.desk.lock.input()
    const again = await rig.desk.router.dispatch('payouts.request', {})
    expect(again.ok ? 'ok' : again.error.code).toBe('passphrase_again')
    await rig.desk.router.call('lock.confirm', { passphrase: 'ada passphrase' })
    // Past the gate: the empty input is what is refused now.
    const past = await rig.desk.router.dispatch('payouts.request', {})
    expect(past.ok ? 'ok' : past.error.code).toBe('invalid_input')
  })

  it("refuses a viewer's writes with view_only", async () => {
    await rig.desk.router.call('lock.unlock', { name: 'Bo', passphrase: 'bo passphrase' })
    for (const channel of ['payouts.request', 'batch.submit', 'people.add', 'policy.set'] as const) {
      const answer = await rig.desk.router.dispatch(channel, {})
      expect(answer.ok ? 'ok' : answer.error.code, channel).toBe('view_only')
    }
  })

  it('locks after ten idle minutes and says only "needs you" to the page meanwhile', async () => {
    now += 11 * 60_000
    rig.desk.lock.tick()
    expect(rig.desk.lock.locked).toBe(true)
    heard.length = 0
    const answer = await rig.desk.router.dispatch('payouts.outbox', {})
    expect(answer.ok ? 'ok' : answer.error.code).toBe('desk_locked')
    expect(heard.every((e) => e === 'lock.changed' || e === 'lock.needsYou')).toBe(true)
  })

  it('audits every lock, unlock, failure and confirmation in the profile’s log', async () => {
    await rig.desk.router.call('lock.unlock', { name: 'Ada', passphrase: 'ada passphrase' })
    const { rows } = await rig.desk.router.call('activity.page', { action: 'desk_lock' })
    const paths = rows.map((r) => `${r.path} ${r.person ?? ''}`).reverse()
    expect(paths).toEqual(
      expect.arrayContaining([
        'desk.locked Ada',
        'desk.unlock_failed Ada',
        'desk.unlocked Ada',
        'desk.confirmed Ada',
        'desk.unlocked Bo',
        'desk.locked Bo',
      ]),
    )
  })
})
