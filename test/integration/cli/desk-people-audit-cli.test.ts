import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileDir, type Profile } from '../../../electron/core/profiles'
import { cli } from '../../harness/cli-runner'
import { auditText } from '../../harness/store-reader'
import { startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

// Issue 48 through the real CLI (under test/with-keychain.sh): the agent's brake names who pulled it, people changes
// are in every profile's audit chain, and the lock's times are the desk's settings, an admin's to set.
let f: ConnectorFixture
let ops: Profile
let spare: Profile

const PASS = { Alice: 'alice passphrase', Vic: 'vic passphrase' }
const as = (name: keyof typeof PASS, args: string[], more = '') =>
  cli(f.home, ['--as', name, '--passphrase-stdin', ...args], `${PASS[name]}\n${more}`)
const rows = (p: Profile) =>
  auditText(profileDir(f.home, p.id))
    .split('\n')
    .map((l) => JSON.parse(l) as { path: string; actor: string; detail: Record<string, unknown> })

beforeAll(async () => {
  f = await startConnectorFixture()
  ops = await f.profile('ops')
  spare = await f.profile('spare')
  const alice = await cli(
    f.home,
    ['person', 'add', '--name', 'Alice', '--role', 'admin', '--passphrase-stdin'],
    `${PASS.Alice}\n`,
  )
  expect(alice.code, alice.stderr).toBe(0)
  const vic = await cli(
    f.home,
    ['--as', 'Alice', '--passphrase-stdin', 'person', 'add', '--name', 'Vic', '--role', 'viewer'],
    `${PASS.Vic}\n${PASS.Alice}\n`,
  )
  expect(vic.code, vic.stderr).toBe(0)
}, 120_000)

afterAll(async () => {
  await f?.close()
})

describe('the desk of people through the real CLI', () => {
  it(
    'agent stop names the person who pulled the brake (a viewer may); resume is an admin’s',
    { timeout: 60_000 },
    async () => {
      const nobody = await f.cli(['agent', 'stop', '--profile', 'ops'])
      expect(nobody.code).toBe(1)
      expect(nobody.stderr).toMatch(/person_required/)
      const stop = await as('Vic', ['agent', 'stop', '--profile', 'ops', '--reason', 'odd requests'])
      expect(stop.code, stop.stderr).toBe(0)
      expect(rows(ops).find((r) => r.path === 'agent.stopped')).toMatchObject({
        actor: 'cli',
        detail: { by: 'Vic', reason: 'odd requests' },
      })
      const resume = await as('Vic', ['agent', 'resume', '--profile', 'ops'])
      expect(resume.code).toBe(1)
      expect(resume.stderr).toMatch(/view_only|admin_only/)
      expect((await as('Alice', ['agent', 'resume', '--profile', 'ops'])).code).toBe(0)
    },
  )

  it(
    "people changes are in every profile's audit log, with the admin who made them",
    { timeout: 120_000 },
    async () => {
      const role = await as('Alice', ['person', 'role', 'Vic', '--role', 'treasurer'])
      expect(role.code, role.stderr).toBe(0)
      const last = await as('Alice', ['person', 'role', 'Alice', '--role', 'viewer'])
      expect(last.code).toBe(1)
      expect(last.stderr).toMatch(/last admin/)
      const reset = await cli(
        f.home,
        ['--as', 'Alice', '--passphrase-stdin', 'person', 'passphrase', 'Vic'],
        `vic passphrase 2\n${PASS.Alice}\n`,
      )
      expect(reset.code, reset.stderr).toBe(0)
      expect((await as('Alice', ['person', 'remove', 'Vic'])).code).toBe(0)
      for (const p of [ops, spare]) {
        const people = rows(p)
          .filter((r) => r.path.startsWith('people.'))
          .map((r) => `${r.path} ${String(r.detail.person)} by ${String(r.detail.by)} (${r.actor})`)
        expect(people).toEqual([
          'people.added Alice by Alice (cli (Alice))',
          'people.added Vic by Alice (cli (Alice))',
          'people.role_changed Vic by Alice (cli (Alice))',
          'people.passphrase_changed Vic by Alice (cli (Alice))',
          'people.removed Vic by Alice (cli (Alice))',
        ])
      }
    },
  )

  it('desk set: the idle lock and re-ask minutes, an admin’s, in range', { timeout: 60_000 }, async () => {
    const nobody = await f.cli(['desk', 'set', '--idle-lock', '20'])
    expect(nobody.code).toBe(1)
    expect(nobody.stderr).toMatch(/person_required/)
    const zero = await as('Alice', ['desk', 'set', '--idle-lock', '0'])
    expect(zero.code).toBe(1)
    expect(zero.stderr).toMatch(/idle lock time is a whole number of minutes from 1 to 480/)
    const words = await as('Alice', ['desk', 'set', '--reask', 'soon'])
    expect(words.code).toBe(2)
    expect((await as('Alice', ['desk', 'set'])).code).toBe(2)
    const ok = await as('Alice', ['desk', 'set', '--idle-lock', '20', '--reask', '2'])
    expect(ok.code, ok.stderr).toBe(0)
    expect((await f.cli(['desk', 'show'])).stdout).toMatch(/Idle lock: 20 min\nRe-ask before a production write: 2 min/)
    expect(JSON.parse(readFileSync(join(f.home, 'settings.json'), 'utf8'))).toMatchObject({
      idleLockMinutes: 20,
      reaskMinutes: 2,
    })
    expect(rows(ops).find((r) => r.path === 'desk.lock_times_set')?.detail).toMatchObject({
      by: 'Alice',
      idleMinutes: 20,
      reaskMinutes: 2,
    })
  })
})
