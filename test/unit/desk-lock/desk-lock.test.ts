import { describe, expect, it } from 'vitest'
import type { PersonView } from '../../../shared/ipc/channels/desk-lock'
import { unlockWaitMs } from '../../../electron/core/desk-lock/backoff'
import { DeskLock, type LockAuditEvent } from '../../../electron/core/desk-lock/desk-lock'
import type { PeoplePort } from '../../../electron/core/desk-lock/people-port'
import { DeskError } from '../../../electron/core/errors'

const ADA: PersonView = { id: 'p1', name: 'Ada', role: 'admin' }
const BO: PersonView = { id: 'p2', name: 'Bo', role: 'viewer' }

/** Two people, passphrase "<name>-pass"; the clock moves only when the test moves it. */
function rig(people: PersonView[] = [ADA, BO], production = true) {
  let now = 1_000_000
  const audit: LockAuditEvent[] = []
  const changes: boolean[] = []
  const port: PeoplePort = {
    list: async () => people,
    verify: async (name, passphrase) => {
      const p = people.find((x) => x.name === name)
      if (!p) throw new DeskError('person_not_found', 'no such person')
      if (passphrase !== `${name}-pass`) throw new DeskError('wrong_passphrase', 'wrong')
      return p
    },
    add: async () => ADA,
    remove: async () => undefined,
    setPassphrase: async () => undefined,
    setRole: async () => ADA,
  }
  const deps = {
    people: port,
    now: () => now,
    isProduction: async () => production,
    audit: (e: LockAuditEvent) => void audit.push(e),
    onChange: ({ locked }: { locked: boolean }) => void changes.push(locked),
  }
  const lock = new DeskLock(deps)
  return { lock, deps, audit, changes, advance: (ms: number) => (now += ms) }
}

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'passed',
    (e: DeskError) => e.code,
  )

describe('the desk lock', () => {
  it('starts locked once people exist, and lets only status, unlock and lock through', async () => {
    const { lock, audit } = rig()
    await lock.start()
    expect(lock.locked).toBe(true)
    expect(audit).toEqual([{ event: 'locked', person: null, reason: 'start' }])
    for (const channel of ['wallets.list', 'payouts.request', 'people.list', 'lock.activity', 'lock.confirm'] as const)
      expect(await code(lock.gate(channel, {}))).toBe('desk_locked')
    for (const channel of ['lock.status', 'lock.unlock', 'lock.lock'] as const)
      expect(await code(lock.gate(channel, {}))).toBe('passed')
  })

  it('is open, as before people, on a desk without any', async () => {
    const { lock } = rig([])
    await lock.start()
    expect(lock.locked).toBe(false)
    expect(await code(lock.gate('payouts.request', {}))).toBe('passed')
    expect((await lock.status()).enabled).toBe(false)
  })

  it('locks after ten idle minutes of the page, measured on the injected clock', async () => {
    const { lock, audit, advance } = rig()
    await lock.start()
    await lock.unlock('Ada', 'Ada-pass')
    advance(9 * 60_000)
    lock.input()
    advance(9 * 60_000)
    lock.tick()
    expect(lock.locked).toBe(false)
    advance(60_000)
    lock.tick()
    expect(lock.locked).toBe(true)
    expect(audit.at(-1)).toEqual({ event: 'locked', person: 'Ada', reason: 'idle' })
  })

  it("takes the system's idle time when the shell lends it, the shorter of the two", async () => {
    const { lock, advance } = rig()
    let systemIdle = 0
    lock.useSystemIdle(() => systemIdle)
    await lock.start()
    await lock.unlock('Ada', 'Ada-pass')
    advance(11 * 60_000)
    systemIdle = 30
    lock.tick()
    expect(lock.locked).toBe(false)
    systemIdle = 600
    lock.tick()
    expect(lock.locked).toBe(true)
  })

  it('waits after five wrong passphrases, twice as long after each further one, at most 15 minutes', async () => {
    const { lock, audit, advance } = rig()
    await lock.start()
    for (let i = 0; i < 5; i++) expect(await code(lock.unlock('Ada', 'guess'))).toBe('wrong_passphrase')
    expect((await lock.status()).waitSeconds).toBe(30)
    // Even the right passphrase waits its turn, unchecked.
    expect(await code(lock.unlock('Ada', 'Ada-pass'))).toBe('unlock_wait')
    advance(30_000)
    expect(await code(lock.unlock('Ada', 'guess'))).toBe('wrong_passphrase')
    expect((await lock.status()).waitSeconds).toBe(60)
    expect(audit.filter((e) => e.event === 'unlock_failed')).toHaveLength(6)
    expect([5, 6, 7, 8, 9, 10, 11, 20].map(unlockWaitMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000,
    ])
    advance(60_000)
    await lock.unlock('Ada', 'Ada-pass')
    expect(lock.atDesk).toEqual(ADA)
    expect((await lock.status()).waitSeconds).toBe(0)
  })

  it('keeps the failures across a restart: a new app still waits', async () => {
    let kept = { failures: 0, nextTryAt: 0 }
    const tries = { read: async () => kept, write: async (t: typeof kept) => void (kept = t) }
    const first = rig()
    const lock = new DeskLock({ ...first.deps, tries })
    await lock.start()
    for (let i = 0; i < 5; i++) expect(await code(lock.unlock('Ada', 'guess'))).toBe('wrong_passphrase')
    const again = new DeskLock({ ...first.deps, tries })
    await again.start()
    expect(await code(again.unlock('Ada', 'Ada-pass'))).toBe('unlock_wait')
    expect((await again.status()).waitSeconds).toBe(30)
  })

  it('answers a wrong name as it answers a wrong passphrase', async () => {
    const { lock } = rig()
    await lock.start()
    expect(await code(lock.unlock('Nobody', 'x'))).toBe('wrong_passphrase')
  })

  it("refuses a viewer's writes and a treasurer's admin acts", async () => {
    const treasurer: PersonView = { id: 'p3', name: 'Cy', role: 'treasurer' }
    const { lock } = rig([ADA, BO, treasurer])
    await lock.start()
    await lock.unlock('Bo', 'Bo-pass')
    expect(await code(lock.gate('payouts.request', {}))).toBe('view_only')
    expect(await code(lock.gate('people.add', {}))).toBe('view_only')
    expect(await code(lock.gate('wallets.list', {}))).toBe('passed')
    expect(await code(lock.gate('agent.stop', {}))).toBe('passed')
    await lock.unlock('Cy', 'Cy-pass')
    expect(await code(lock.gate('policy.set', {}))).toBe('admin_only')
    expect(await code(lock.gate('payouts.request', {}))).toBe('passed')
  })

  it('asks for the passphrase again before a production write five minutes after the last one', async () => {
    const { lock, advance, audit } = rig()
    await lock.start()
    await lock.unlock('Ada', 'Ada-pass')
    advance(4 * 60_000)
    expect(await code(lock.gate('payouts.request', {}))).toBe('passed')
    advance(2 * 60_000)
    expect(await code(lock.gate('payouts.request', {}))).toBe('passphrase_again')
    expect(await code(lock.gate('batch.submit', {}))).toBe('passphrase_again')
    expect(await code(lock.gate('payouts.setNote', {}))).toBe('passed')
    expect(await code(lock.confirm('wrong'))).toBe('wrong_passphrase')
    await lock.confirm('Ada-pass')
    expect(await code(lock.gate('payouts.request', {}))).toBe('passed')
    expect(audit.at(-1)).toEqual({ event: 'confirmed', person: 'Ada' })
  })

  it('does not ask again on a sandbox profile', async () => {
    const { lock, advance } = rig([ADA], false)
    await lock.start()
    await lock.unlock('Ada', 'Ada-pass')
    advance(60 * 60_000)
    lock.input()
    expect(await code(lock.gate('payouts.request', {}))).toBe('passed')
  })

  it('locks when the person at the desk is removed, and opens when the last person goes', async () => {
    const people = [ADA, BO]
    const { lock, changes } = rig(people)
    await lock.start()
    await lock.unlock('Bo', 'Bo-pass')
    people.splice(1, 1)
    await lock.status()
    expect(lock.locked).toBe(true)
    people.splice(0, 1)
    await lock.status()
    expect(lock.locked).toBe(false)
    expect(changes).toEqual([true, false, true, false])
  })
})
