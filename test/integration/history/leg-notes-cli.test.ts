import { parse } from 'csv-parse/sync'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { cli, cliProfile } from '../../harness/cli-runner'
import { simulatorLegs, type SimLeg } from '../../harness/ledger-fixture'
import { simConsole } from '../../harness/sim-console'

const USDC = {
  asset: 'USDC',
  network: 'ethereum-sepolia',
  amount: '100000',
  available: '100000',
  decimals: 6,
  usd_price: 1,
}

describe('payout-desk history note, tag and list', () => {
  let sim: RunningSimulator
  let home: string
  let leg: SimLeg
  let move: string
  const from = new Date(Date.now() - 400 * 86_400_000).toISOString()
  const to = new Date(Date.now() - 60_000).toISOString()
  const run = (...args: string[]) => cli(home, [...args, '--profile', 'Sim'])
  const listed = async (...args: string[]) =>
    JSON.parse((await run('history', 'list', '--json', ...args)).stdout) as Array<{
      id: string
      direction: string
      note: string | null
      tags: string[]
    }>

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    const sandbox = simConsole(sim.sandbox.url)
    await sandbox.settings({ rate_limit_per_minute: 1_000_000 })
    const workspace = (await sandbox.createWorkspace('Notes')).id
    const walletA = (await sandbox.createWallet(workspace, 'Main', [USDC])).id
    const walletB = (await sandbox.createWallet(workspace, 'Reserve', [USDC])).id
    await sandbox.addTransactions({ wallet_id: walletA, generate: 30 })
    await sandbox.addTransactions({
      wallet_id: walletA,
      to_wallet_id: walletB,
      asset: 'USDC',
      network: 'ethereum-sepolia',
      amount: '12',
      created_at: new Date(Date.now() - 3_600_000).toISOString(),
    })
    home = await mkdtemp(join(tmpdir(), 'leg-notes-cli-'))
    await cliProfile(home, sim.sandbox.url, (key) => sandbox.registerEd25519Key(workspace, key))
    expect((await run('history', 'sync')).code).toBe(0)
    const legs = await simulatorLegs(sim.sandbox.url, workspace)
    leg = legs.find(
      (l) => l.status === 'completed' && l.direction === 'out' && legs.filter((o) => o.id === l.id).length === 1,
    )!
    move = legs.find((l) => legs.filter((o) => o.id === l.id).length === 2)!.id
  })
  afterAll(async () => {
    await sim.close()
    await rm(home, { recursive: true, force: true })
  })

  it('note and tag a leg, then list finds it by a word of the note, by a tag and with --tag', async () => {
    const noted = await run('history', 'note', leg.id, '--text', 'Acme invoice 42% _[x]')
    expect(noted).toMatchObject({ code: 0, stdout: `Saved the note of movement ${leg.id} (out).\n` })
    expect((await run('history', 'tag', leg.id, '--add', 'Payroll,q3')).stdout).toBe(
      `Tags of movement ${leg.id} (out): payroll, q3.\n`,
    )
    expect((await run('history', 'tag', leg.id, '--remove', 'q3', '--add', 'acme')).stdout).toBe(
      `Tags of movement ${leg.id} (out): acme, payroll.\n`,
    )
    expect((await listed('--text', '42% _[x]')).map((r) => [r.id, r.note, r.tags])).toEqual([
      [leg.id, 'Acme invoice 42% _[x]', ['acme', 'payroll']],
    ])
    expect((await listed('--text', 'PAYROLL')).map((r) => r.id)).toEqual([leg.id])
    expect((await listed('--tag', 'payroll')).map((r) => r.id)).toEqual([leg.id])
    const table = await run('history', 'list', '--tag', 'acme')
    expect(table.stdout.split('\n')[0]).toMatch(
      /^RECORDED\s+DIRECTION\s+AMOUNT\s+STATUS\s+FROM\s+TO\s+TAGS\s+NOTE\s+ID$/,
    )
    expect(table.stdout).toContain('acme payroll  Acme invoice 42% _[x]')
  })

  it('export: the ledger CSV holds note and tags, the generic accounting file the note in its description', async () => {
    const csv = parse((await run('history', 'export', '--from', from, '--to', to)).stdout) as string[][]
    const row = csv.find((r) => r[0] === leg.id)!
    expect(row.slice(-2)).toEqual(['Acme invoice 42% _[x]', 'acme payroll'])
    const books = parse(
      (await run('history', 'export', '--from', from, '--to', to, '--format', 'generic')).stdout,
    ) as string[][]
    const at = books[0]!.indexOf('description')
    expect(books.filter((r) => r.includes(leg.id)).map((r) => r[at])).toEqual(
      expect.arrayContaining([expect.stringContaining('; note: Acme invoice 42% _[x]')]),
    )
  })

  it('a move between own wallets needs the direction; bad text and tags are refused naming them', async () => {
    const ask = await run('history', 'note', move, '--text', 'rebalance')
    expect(ask.code).toBe(1)
    expect(ask.stderr).toContain('name the direction')
    expect((await run('history', 'note', move, '--direction', 'in', '--text', 'rebalance')).stdout).toBe(
      `Saved the note of movement ${move} (in).\n`,
    )
    expect((await listed('--text', 'rebalance')).map((r) => [r.id, r.direction])).toEqual([[move, 'in']])

    const bidi = await run('history', 'note', leg.id, '--text', 'paid\u202eevil')
    expect(bidi.code).toBe(1)
    expect(bidi.stderr).toContain('U+202E RIGHT-TO-LEFT OVERRIDE')
    const badTag = await run('history', 'tag', leg.id, '--add', 'ok,pay roll')
    expect(badTag.code).toBe(1)
    expect(badTag.stderr).toContain('"pay roll" may hold only letters a-z, digits, - and _')
    const badFilter = await run('history', 'list', '--tag', 'pay roll')
    expect(badFilter.code).not.toBe(0)
    expect(badFilter.stderr).toContain('--tag')
    expect((await listed('--text', 'invoice')).map((r) => r.tags)).toEqual([['acme', 'payroll']])
    expect((await run('history', 'note', 'no-such-movement', '--text', 'x')).stderr).toContain('holds no movement')
  })
})
