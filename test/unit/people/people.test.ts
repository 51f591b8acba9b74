import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  addPerson,
  authorizeAct,
  changePassphrase,
  listPeople,
  removePerson,
  requireSecondPerson,
  requireSecondPersonFor,
  setViewOnly,
  verifyPerson,
  type Acting,
} from '../../../electron/core/people/use-cases'
import { DeskStore } from '../../../electron/core/store'

let dir: string
let store: DeskStore
const admin = { name: 'Alice', passphrase: 'alice passphrase' }
// The hash's product cost is the first test's (and passphrase-cost.test.ts's); the act guard's checks need none of it.
const CHEAP = { N: 2 ** 10, r: 8, p: 1 }

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'people-'))
  store = DeskStore.open(join(dir, 'profile'), 'test')
})

afterEach(async () => {
  store.close()
  await rm(dir, { recursive: true, force: true })
})

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  )

describe('people at the desk', () => {
  it('keeps only a scrypt hash; the first person is an admin, later ones need one', { timeout: 120_000 }, async () => {
    expect(await code(addPerson({ name: 'Vic', role: 'viewer', passphrase: 'viewer passphrase' }, dir))).toBe(
      'invalid_input',
    )
    await addPerson({ name: 'Alice', role: 'admin', passphrase: admin.passphrase }, dir)
    const file = await readFile(join(dir, 'people.json'), 'utf8')
    expect(file).not.toContain(admin.passphrase)
    expect(JSON.parse(file).people[0].passphrase).toMatchObject({ algorithm: 'scrypt', N: 32768, r: 8, p: 1 })

    expect(await code(addPerson({ name: 'Bob', role: 'treasurer', passphrase: 'bob passphrase' }, dir))).toBe(
      'person_required',
    )
    const wrong = { name: 'Alice', passphrase: 'not hers at all' }
    expect(
      await code(addPerson({ name: 'Bob', role: 'treasurer', passphrase: 'bob passphrase', as: wrong }, dir)),
    ).toBe('wrong_passphrase')
    await addPerson({ name: 'Bob', role: 'treasurer', passphrase: 'bob passphrase', as: admin }, dir)
    const bob = { name: 'bob', passphrase: 'bob passphrase' }
    expect(await code(addPerson({ name: 'Cy', role: 'viewer', passphrase: 'cy passphrase', as: bob }, dir))).toBe(
      'admin_only',
    )
    expect(await code(addPerson({ name: 'BOB', role: 'viewer', passphrase: 'x passphrase', as: admin }, dir))).toBe(
      'person_exists',
    )
    expect((await listPeople(dir)).map((p) => [p.name, p.role])).toEqual([
      ['Alice', 'admin'],
      ['Bob', 'treasurer'],
    ])
    expect(await verifyPerson('BOB', 'bob passphrase', dir)).toMatchObject({ name: 'Bob', role: 'treasurer' })
    expect(await code(verifyPerson('Bob', 'bob passphrasE', dir))).toBe('wrong_passphrase')
    expect(await code(verifyPerson('Nobody', 'bob passphrase', dir))).toBe('person_not_found')

    await changePassphrase({ name: 'Bob', newPassphrase: 'bob new passphrase', as: bob }, dir)
    expect(await code(verifyPerson('Bob', 'bob passphrase', dir))).toBe('wrong_passphrase')
    expect(await code(removePerson('Alice', admin, dir))).toBe('invalid_input')
    await removePerson('Bob', admin, dir)
    expect((await listPeople(dir)).map((p) => p.name)).toEqual(['Alice'])
  })

  it('a damaged people file refuses, never reads as a desk without people', async () => {
    await writeFile(join(dir, 'people.json'), '{"version":1,"people":[{}]}')
    expect(await code(authorizeAct({ dataDir: dir, surface: 'cli', person: null, act: 'payout', store }))).toBe(
      'people_corrupt',
    )
  })

  it(
    'the act guard: anyone on a desk without people; then a named person, viewers never, admin acts an admin',
    { timeout: 120_000 },
    async () => {
      const ask = { dataDir: dir, surface: 'cli' as const, store }
      expect((await authorizeAct({ ...ask, person: null, act: 'payout' })).by).toMatch(/^cli \(.+\)$/)
      await addPerson({ name: 'Alice', role: 'admin', passphrase: admin.passphrase, cost: CHEAP }, dir)
      await addPerson({ name: 'Tess', role: 'treasurer', passphrase: 'tess passphrase', as: admin, cost: CHEAP }, dir)
      await addPerson({ name: 'Vic', role: 'viewer', passphrase: 'vic passphrase', as: admin, cost: CHEAP }, dir)
      const alice = await verifyPerson('Alice', admin.passphrase, dir)
      const tess = await verifyPerson('Tess', 'tess passphrase', dir)
      const vic = await verifyPerson('Vic', 'vic passphrase', dir)
      expect(await code(authorizeAct({ ...ask, person: null, act: 'payout' }))).toBe('person_required')
      expect(await code(authorizeAct({ ...ask, person: vic, act: 'payout' }))).toBe('view_only')
      expect(await code(authorizeAct({ ...ask, person: tess, act: 'policy' }))).toBe('admin_only')
      expect((await authorizeAct({ ...ask, person: tess, act: 'payout' })).by).toBe('cli (Tess)')

      const actingAlice = await authorizeAct({ ...ask, person: alice, act: 'profile' })
      setViewOnly(store, 'production', actingAlice, true)
      expect(await code(authorizeAct({ ...ask, person: tess, act: 'payout' }))).toBe('view_only')
      // Lifting it takes two on a production profile: Alice asks, Alice cannot finish, Tess cannot (admin's), Bob can.
      expect(setViewOnly(store, 'production', actingAlice, false)).toEqual({ viewOnly: true, waitingForSecond: true })
      expect(() => setViewOnly(store, 'production', actingAlice, false)).toThrow(/four eyes/)
      await addPerson({ name: 'Bob', role: 'admin', passphrase: 'bob passphrase', as: admin, cost: CHEAP }, dir)
      const bob = await authorizeAct({
        ...ask,
        person: await verifyPerson('Bob', 'bob passphrase', dir),
        act: 'profile',
      })
      expect(setViewOnly(store, 'production', bob, false)).toEqual({ viewOnly: false, waitingForSecond: false })
      expect((await authorizeAct({ ...ask, person: tess, act: 'payout' })).by).toBe('cli (Tess)')
      // Each step of the seat is in the audit chain, naming its person.
      const seatRows = store.audit
        .all()
        .filter((r) => r.path.startsWith('seat.'))
        .map((r) => [r.path, r.actor, r.detail])
      expect(seatRows).toEqual([
        ['seat.view_only_set', 'cli (Alice)', { view_only: true }],
        ['seat.view_only_off_asked', 'cli (Alice)', { view_only: true }],
        ['seat.view_only_set', 'cli (Bob)', { view_only: false, asked_by: 'cli (Alice)' }],
      ])
      expect(store.audit.verify().ok).toBe(true)
    },
  )

  it('four eyes: who started an act does not finish it on production; sandbox and a desk without people as before', () => {
    const tess: Acting = {
      person: { id: 'person_1', name: 'Tess', role: 'treasurer' },
      name: 'Tess',
      by: 'cli (Tess)',
      surface: 'cli',
    }
    const nobody: Acting = { person: null, name: 'root', by: 'cli (root)', surface: 'cli' }
    const ask = { store, what: 'This release', acting: tess }
    expect(() => requireSecondPerson({ ...ask, environment: 'production', startedBy: 'app (tess)' })).toThrow(
      expect.objectContaining({ code: 'second_person_required' }),
    )
    expect(() => requireSecondPerson({ ...ask, environment: 'production', startedBy: 'cli (Alice)' })).not.toThrow()
    expect(() => requireSecondPerson({ ...ask, environment: 'production', startedBy: 'agent' })).not.toThrow()
    expect(() => requireSecondPerson({ ...ask, environment: 'sandbox', startedBy: 'cli (Tess)' })).not.toThrow()
    const root = { ...ask, acting: nobody, environment: 'production' as const, startedBy: 'cli (root)' }
    expect(() => requireSecondPerson(root)).not.toThrow()
  })

  it("four eyes find who started the act: the payout's requester for a release", () => {
    const body = { wallet_id: 'w1', asset: 'USDC', amount: '2', destination: '0xabc', network: 'ethereum-sepolia' }
    const at = new Date().toISOString()
    store.transaction('seed', () =>
      store.outbox.insert({ idempotencyKey: 'k1', body, createdAt: at, requestedBy: 'cli (Tess)', state: 'held' }, 't'),
    )
    const acting = (name: string): Acting => ({
      person: { id: 'person_1', name, role: 'treasurer' },
      name,
      by: `cli (${name})`,
      surface: 'cli',
    })
    const release = { kind: 'release', key: 'k1' } as const
    expect(() => requireSecondPersonFor(store, 'production', acting('Tess'), release)).toThrow(/started by Tess/)
    expect(() => requireSecondPersonFor(store, 'production', acting('Alice'), release)).not.toThrow()
    expect(() => requireSecondPersonFor(store, 'sandbox', acting('Tess'), release)).not.toThrow()
  })
})
