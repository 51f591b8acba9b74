import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk } from '../../../electron/core/desk'
import { profileDir } from '../../../electron/core/profiles'
import { NO_RULES } from '../../../shared/policy/policy-schema'
import { closeDeskRig, openDeskRig, type DeskRig } from '../../harness/ipc-desk'
import { MemorySecretStore } from '../../harness/memory-secret-store'
import { auditText } from '../../harness/store-reader'

// Issue 48's app side, through the real router, lock, people file and stores: four eyes on a loosening at one seat,
// the view-only seat, people and the lock's times audited in every profile's chain, and the lock's own times.
const PASS = { Ada: 'ada passphrase', Tom: 'tom passphrase', Vic: 'vic passphrase', Bea: 'bea passphrase' }

let rig: DeskRig
let spareId: string
const call: DeskRig['desk']['router']['call'] = (channel, input) => rig.desk.router.call(channel, input)
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: { code?: string }) => err.code ?? String(err),
  )
const rows = (profileId: string) =>
  auditText(profileDir(rig.dir, profileId))
    .split('\n')
    .map((l) => JSON.parse(l) as { path: string; actor: string; detail: Record<string, unknown> })
const as = async (name: keyof typeof PASS) => {
  await call('lock.lock', {})
  await call('lock.unlock', { name, passphrase: PASS[name] })
}

beforeAll(async () => {
  rig = await openDeskRig('app-seat-policy-', { environment: 'production' })
  spareId = (
    await call('profiles.create', {
      name: 'Spare',
      environment: 'sandbox',
      baseUrl: rig.sim.sandbox.url,
      algorithm: 'ed25519',
    })
  ).id
  await call('people.add', { name: 'Ada', role: 'admin', passphrase: PASS.Ada })
  for (const [name, role] of [
    ['Tom', 'treasurer'],
    ['Vic', 'viewer'],
    ['Bea', 'admin'],
  ] as const)
    await call('people.add', { name, role, passphrase: PASS[name], yourPassphrase: PASS.Ada })
}, 120_000)
afterAll(() => closeDeskRig(rig))

describe("the app's four eyes, seat and desk audit", () => {
  it('a loosening names a second person, whose passphrase and role the core checks', { timeout: 120_000 }, async () => {
    const policy = (cap: string) => ({ ...NO_RULES, maxPerPayout: { ETH: cap } })
    const set = (cap: string, second?: { name: string; passphrase: string }) =>
      call('policy.set', { profileId: rig.profileId, policy: policy(cap), ...(second ? { second } : {}) })
    expect(await code(set('0.5'))).toBe('ok')
    expect(await code(set('5'))).toBe('second_person_required')
    expect(await code(set('5', { name: 'Ada', passphrase: PASS.Ada }))).toBe('second_person_required')
    expect(await code(set('5', { name: 'Vic', passphrase: PASS.Vic }))).toBe('view_only')
    expect(await code(set('5', { name: 'Tom', passphrase: 'not his' }))).toBe('wrong_passphrase')
    expect(await code(call('policy.clear', { profileId: rig.profileId }))).toBe('second_person_required')
    expect(await code(set('5', { name: 'Tom', passphrase: PASS.Tom }))).toBe('ok')
    expect(
      rows(rig.profileId)
        .filter((r) => r.path === 'policy.pending')
        .at(-1)?.detail,
    ).toMatchObject({
      by: 'Ada',
      second: 'Tom',
    })
    // Allowing less needs nobody else.
    expect(await code(set('0.1'))).toBe('ok')
  })

  it(
    'a view-only profile refuses every write in the app; lifting it takes a second admin',
    { timeout: 120_000 },
    async () => {
      const seat = (input: Record<string, unknown>) => call('seat.set', { profileId: rig.profileId, ...input })
      expect(await call('seat.show', { profileId: rig.profileId })).toMatchObject({ viewOnly: false, fourEyes: true })
      expect(await seat({ viewOnly: true })).toMatchObject({ viewOnly: true })
      const write = call('policy.set', {
        profileId: rig.profileId,
        policy: { ...NO_RULES, maxPerPayout: { ETH: '0.01' } },
      })
      expect(await code(write)).toBe('view_only')
      expect(await code(call('payouts.setNote', { ref: 'k', note: 'hello' }))).toBe('view_only')
      // The other profile is not view-only.
      expect(await call('seat.show', { profileId: spareId })).toMatchObject({ viewOnly: false, fourEyes: false })

      expect(await code(seat({ viewOnly: false }))).toBe('second_person_required')
      expect(await code(seat({ viewOnly: false, second: { name: 'Tom', passphrase: PASS.Tom } }))).toBe('admin_only')
      expect(await code(seat({ viewOnly: false, second: { name: 'Ada', passphrase: PASS.Ada } }))).toBe(
        'second_person_required',
      )
      expect(await seat({ viewOnly: false, second: { name: 'Bea', passphrase: PASS.Bea } })).toMatchObject({
        viewOnly: false,
        viewOnlyOffProposedBy: null,
      })

      // Four eyes off, the agent's resume and the payee-change wait are an admin's.
      await as('Tom')
      expect(await code(seat({ fourEyes: false }))).toBe('admin_only')
      expect(await code(call('agent.resume', { profileId: rig.profileId }))).toBe('admin_only')
      expect(await code(call('payees.setChangeWait', { hours: 1 }))).toBe('admin_only')
      expect(await code(call('lock.setTimes', { idleMinutes: 30 }))).toBe('admin_only')
      // The brake is anyone's, and names who pulled it.
      await call('agent.stop', { profileId: rig.profileId, reason: 'odd requests' })
      expect(rows(rig.profileId).find((r) => r.path === 'agent.stopped')).toMatchObject({
        actor: 'app',
        detail: { by: 'Tom' },
      })
      await as('Ada')
      expect(await seat({ fourEyes: false })).toMatchObject({ fourEyes: false })
    },
  )

  it("people changes and the lock's times are in every profile's audit log", { timeout: 120_000 }, async () => {
    await call('people.setPassphrase', { name: 'Tom', passphrase: 'tom passphrase 2', yourPassphrase: PASS.Ada })
    await call('people.remove', { name: 'Vic', yourPassphrase: PASS.Ada })
    await call('people.setRole', { name: 'Bea', role: 'treasurer', yourPassphrase: PASS.Ada })
    expect(await code(call('people.setRole', { name: 'Ada', role: 'viewer', yourPassphrase: PASS.Ada }))).toBe(
      'invalid_input',
    )
    expect(await code(call('lock.setTimes', { idleMinutes: 0 }))).toBe('invalid_input')
    expect(await code(call('lock.setTimes', { reaskMinutes: 61 }))).toBe('invalid_input')
    expect(await call('lock.setTimes', { idleMinutes: 3 })).toEqual({ idleMinutes: 3, reaskMinutes: 5 })
    expect(await call('lock.times', {})).toEqual({ idleMinutes: 3, reaskMinutes: 5 })
    expect((await call('lock.status', {})).idleMinutes).toBe(3)
    for (const id of [rig.profileId, spareId]) {
      const desk = rows(id)
        .filter((r) => r.path.startsWith('people.') || r.path === 'desk.lock_times_set')
        .map((r) => `${r.path} ${String(r.detail.person ?? '')} by ${String(r.detail.by)}`)
      expect(desk).toEqual([
        'people.added Ada by Ada',
        'people.added Tom by Ada',
        'people.added Vic by Ada',
        'people.added Bea by Ada',
        'people.passphrase_changed Tom by Ada',
        'people.removed Vic by Ada',
        'people.role_changed Bea by Ada',
        'desk.lock_times_set  by Ada',
      ])
    }
    expect((await call('activity.verify', { whole: true })).ok).toBe(true)
  })
})

describe('a lock with no profile open', () => {
  it("is audited in every profile's log all the same", { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lock-no-session-'))
    const desk = await createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: new MemorySecretStore(),
    })
    try {
      // A profile without a key: no session can open.
      const { id } = await desk.router.call('profiles.create', {
        name: 'Keyless',
        environment: 'sandbox',
        baseUrl: 'http://127.0.0.1:9',
        algorithm: 'ed25519',
      })
      await desk.router.call('people.add', { name: 'Ada', role: 'admin', passphrase: PASS.Ada })
      await desk.router.call('lock.lock', {})
      await expect(desk.router.call('lock.unlock', { name: 'Ada', passphrase: 'wrong one' })).rejects.toThrow()
      await desk.router.call('lock.unlock', { name: 'Ada', passphrase: PASS.Ada })
      await new Promise((r) => setTimeout(r, 300))
      const paths = auditText(profileDir(dir, id))
        .split('\n')
        .map((l) => (JSON.parse(l) as { path: string }).path)
        .filter((p) => p.startsWith('desk.'))
      expect(paths).toEqual(['desk.unlocked', 'desk.locked', 'desk.unlock_failed', 'desk.unlocked'])
    } finally {
      await desk.dispose()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
