import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileDir, type Profile } from '../../../electron/core/profiles'
import { cli } from '../../harness/cli-runner'
import { auditText } from '../../harness/store-reader'
import { ETH, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

// Runs under test/with-keychain.sh: the CLI and the connector sign with the profile's key against the simulator.
let f: ConnectorFixture
let p: Profile

const PASS = { Alice: 'alice passphrase', Bob: 'bob passphrase', Tess: 'tess passphrase', Vic: 'vic passphrase' }
type Name = keyof typeof PASS

/** `payout-desk --as NAME --passphrase-stdin ARGS`, the passphrase (then `more`) on stdin. */
const as = (name: Name, args: string[], passphrase: string = PASS[name], more = '') =>
  cli(f.home, ['--as', name, '--passphrase-stdin', ...args], `${passphrase}\n${more}`)

const company = (address: string, name: string, label: string) => [
  ...['destinations', 'add', '--profile', 'ops', '--network', ETH.network, '--address', address],
  ...['--type', 'company', '--company-name', name, '--wallet-type', 'unhosted', '--country', 'DE', '--label', label],
]

const addVictor = async () => {
  const r = await cli(
    f.home,
    ['person', 'add', '--name', 'Victor', '--role', 'viewer', '--as', 'Alice', '--passphrase-stdin'],
    `victor pass 1\n${PASS.Alice}\n`,
  )
  expect(r.code, r.stderr).toBe(0)
}

const toolNames = async (): Promise<string[]> => {
  const c = await f.connect('ops')
  try {
    return (await c.client.listTools()).tools.map((t) => t.name).sort()
  } finally {
    await c.close()
  }
}

beforeAll(async () => {
  f = await startConnectorFixture()
  p = await f.profile('ops', { writeTools: true })
}, 60_000)

afterAll(async () => {
  await f?.close()
})

describe('people at the desk, through the real CLI and connector', () => {
  it(
    'a desk without people works as before; the first person is an admin, later ones are added by one',
    {
      timeout: 120_000,
    },
    async () => {
      expect((await f.cli(['person', 'list'])).stdout).toMatch(/No people yet/)
      expect((await f.cli(['policy', 'set', '--profile', 'ops', '--max-per-payout', 'ETH=1'])).code).toBe(0)

      const viewerFirst = await cli(
        f.home,
        ['person', 'add', '--name', 'Vic', '--role', 'viewer', '--passphrase-stdin'],
        'x'.repeat(9),
      )
      expect(viewerFirst.code).toBe(1)
      expect(viewerFirst.stderr).toMatch(/first person is an admin/)
      const alice = await cli(
        f.home,
        ['person', 'add', '--name', 'Alice', '--role', 'admin', '--passphrase-stdin'],
        `${PASS.Alice}\n`,
      )
      expect(alice.code, alice.stderr).toBe(0)
      const noAdmin = await cli(
        f.home,
        ['person', 'add', '--name', 'Tess', '--role', 'treasurer', '--passphrase-stdin'],
        `${PASS.Tess}\n`,
      )
      expect(noAdmin.code).toBe(1)
      expect(noAdmin.stderr).toMatch(/name who acts \(--as NAME/)
      // The new person's passphrase first, the admin's on the next line.
      for (const [name, role] of [
        ['Tess', 'treasurer'],
        ['Vic', 'viewer'],
        ['Bob', 'admin'],
      ] as const) {
        const r = await cli(
          f.home,
          ['person', 'add', '--name', name, '--role', role, '--as', 'Alice', '--passphrase-stdin'],
          `${PASS[name]}\n${PASS.Alice}\n`,
        )
        expect(r.code, r.stderr).toBe(0)
      }
      expect((await f.cli(['person', 'list'])).stdout).toBe('Alice  admin\nTess  treasurer\nVic  viewer\nBob  admin\n')
    },
  )

  it('a person sets their own passphrase, an admin removes a person', { timeout: 120_000 }, async () => {
    await addVictor()
    const own = await cli(
      f.home,
      ['person', 'passphrase', 'Victor', '--passphrase-stdin'],
      'victor new pass\nvictor pass 1\n',
    )
    expect(own.code, own.stderr).toBe(0)
    const stale = await cli(
      f.home,
      ['person', 'passphrase', 'Victor', '--passphrase-stdin'],
      'x'.repeat(9) + '\nvictor pass 1\n',
    )
    expect(stale.stderr).toMatch(/not Victor's passphrase/)
    const byTess = await cli(
      f.home,
      ['person', 'remove', 'Victor', '--as', 'Tess', '--passphrase-stdin'],
      `${PASS.Tess}\n`,
    )
    expect(byTess.stderr).toMatch(/Only an admin/)
    expect(
      (await cli(f.home, ['person', 'remove', 'Victor', '--as', 'Alice', '--passphrase-stdin'], `${PASS.Alice}\n`))
        .code,
    ).toBe(0)
    expect((await f.cli(['person', 'list'])).stdout).not.toContain('Victor')
  })

  it(
    'once people exist, a write names its person and is refused without one or with a wrong passphrase',
    {
      timeout: 120_000,
    },
    async () => {
      const nobody = await f.cli(['policy', 'set', '--profile', 'ops', '--max-per-payout', 'ETH=2'])
      expect(nobody.code).toBe(1)
      expect(nobody.stderr).toMatch(/--as NAME/)
      const wrong = await as('Alice', ['policy', 'set', '--profile', 'ops', '--max-per-payout', 'ETH=0.5'], 'not hers!')
      expect(wrong.code).toBe(1)
      expect(wrong.stderr).toMatch(/not Alice's passphrase/)
      // Reads need nobody.
      expect((await f.cli(['policy', 'show', '--profile', 'ops'])).code).toBe(0)

      const added = await as(
        'Tess',
        company('0x1111111111111111111111111111111111111111', 'Acme Supplies GmbH', 'Acme'),
      )
      expect(added.code, added.stderr).toBe(0)
      const rows = auditText(profileDir(f.home, p.id))
        .split('\n')
        .map((l) => JSON.parse(l))
      expect(rows.find((r) => r.method === 'POST' && r.path.endsWith('/counterparties'))?.actor).toBe('cli (Tess)')
    },
  )

  it(
    'a viewer writes nothing (view_only) and a treasurer changes no key, policy or person (admin_only)',
    {
      timeout: 120_000,
    },
    async () => {
      const viewer = await as('Vic', company('0x3333333333333333333333333333333333333333', 'Other Co', 'Other'))
      expect(viewer.code).toBe(1)
      expect(viewer.stderr).toMatch(/Vic is a viewer: viewers change nothing\. \(view_only\)/)
      const note = await as('Vic', ['payout', 'note', 'k', 'hello', '--profile', 'ops'])
      expect(note.stderr).toMatch(/viewers change nothing/)
      const policy = await as('Tess', ['policy', 'set', '--profile', 'ops', '--max-per-payout', 'ETH=0.5'])
      expect(policy.code).toBe(1)
      expect(policy.stderr).toMatch(/Only an admin changes keys, the policy.* \(admin_only\)/)
      const key = await as('Tess', ['key', 'rotate', '--profile', 'ops'])
      expect(key.stderr).toMatch(/Only an admin/)
      const person = await cli(
        f.home,
        ['person', 'add', '--name', 'Zed', '--role', 'viewer', '--as', 'Tess', '--passphrase-stdin'],
        `zed passphrase\n${PASS.Tess}\n`,
      )
      expect(person.stderr).toMatch(/Only an admin/)
    },
  )

  it(
    'four eyes: who added a payee change does not confirm it; --by gives way to --as',
    { timeout: 120_000 },
    async () => {
      expect((await as('Alice', ['profile', 'set', 'ops', '--four-eyes', 'on'])).code).toBe(0)
      const changed = await as(
        'Tess',
        company('0x52908400098527886E0F7030069857D2E4169EE7', 'ACME Supplies GmbH', 'new'),
      )
      expect(changed.code, changed.stderr).toBe(0)
      const id = /Registered: (\S+)/.exec(changed.stdout)?.[1]
      expect(id).toBeDefined()
      const confirm = [
        'destinations',
        'confirm-change',
        id!,
        '--profile',
        'ops',
        '--channel',
        'phone',
        '--note',
        'call-back',
      ]
      const self = await as('Tess', confirm)
      expect(self.code).toBe(1)
      expect(self.stderr).toMatch(/started by Tess; four eyes are on/)
      const freeText = await as('Alice', [...confirm, '--by', 'Someone'])
      expect(freeText.code).toBe(2)
      expect(freeText.stderr).toMatch(/--as, not --by/)
      const second = await as('Alice', confirm)
      expect(second.code, second.stderr).toBe(0)
      const row = auditText(profileDir(f.home, p.id))
        .split('\n')
        .map((l) => JSON.parse(l))
        .find((r) => r.path === 'destination.change_confirmed')
      expect(row).toMatchObject({ actor: 'cli (Alice)', detail: { by: 'Alice', channel: 'phone' } })
    },
  )

  it(
    'four eyes: a policy change that allows more names a second person; one that allows less does not',
    {
      timeout: 120_000,
    },
    async () => {
      const policy = (cap: string) => ['policy', 'set', '--profile', 'ops', '--max-per-payout', `ETH=${cap}`]
      expect((await as('Alice', policy('0.5'))).code).toBe(0)
      const alone = await as('Alice', policy('5'))
      expect(alone.code).toBe(1)
      expect(alone.stderr).toMatch(/four eyes are on for this profile, so a second treasurer or admin confirms it/)
      const self = await as('Alice', [...policy('5'), '--second', 'alice'], PASS.Alice, `${PASS.Alice}\n`)
      expect(self.stderr).toMatch(/a second treasurer or admin confirms it/)
      const viewer = await as('Alice', [...policy('5'), '--second', 'Vic'], PASS.Alice, `${PASS.Vic}\n`)
      expect(viewer.stderr).toMatch(/viewers change nothing/)
      const two = await as('Alice', [...policy('5'), '--second', 'Tess'], PASS.Alice, `${PASS.Tess}\n`)
      expect(two.code, two.stderr).toBe(0)
      const pending = auditText(profileDir(f.home, p.id))
        .split('\n')
        .map((l) => JSON.parse(l))
        .filter((r) => r.path === 'policy.pending')
        .at(-1)
      expect(pending.detail).toMatchObject({ by: 'Alice', second: 'Tess' })
    },
  )

  it(
    'a view-only profile refuses every write and its connector lists read tools; lifting it takes a second admin',
    {
      timeout: 180_000,
    },
    async () => {
      expect(await toolNames()).toContain('request_withdrawal')
      const on = await as('Alice', ['profile', 'set', 'ops', '--view-only', 'on'])
      expect(on.code, on.stderr).toBe(0)
      const write = await as('Tess', ['payout', 'note', 'k', 'hello', '--profile', 'ops'])
      expect(write.code).toBe(1)
      expect(write.stderr).toMatch(/This profile is view-only: .* \(view_only\)/)
      const tools = await toolNames()
      expect(tools).not.toContain('request_withdrawal')
      expect(tools).not.toContain('create_destination')
      expect(tools.length).toBeGreaterThan(0)

      expect((await as('Alice', ['profile', 'set', 'ops', '--view-only', 'off'])).stdout).toMatch(/another admin/)
      const again = await as('Alice', ['profile', 'set', 'ops', '--view-only', 'off'])
      expect(again.code).toBe(1)
      expect(again.stderr).toMatch(/four eyes are on/)
      expect((await as('Tess', ['profile', 'set', 'ops', '--view-only', 'off'])).stderr).toMatch(/Only an admin/)
      const bob = await as('Bob', ['profile', 'set', 'ops', '--view-only', 'off'])
      expect(bob.code, bob.stderr).toBe(0)
      expect(bob.stdout).toMatch(/View-only for .*: off/)
      expect(await toolNames()).toContain('request_withdrawal')
    },
  )
})
