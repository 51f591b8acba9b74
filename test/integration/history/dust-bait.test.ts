import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { cli, cliProfile } from '../../harness/cli-runner'
import { simConsole } from '../../harness/sim-console'

const USDC = {
  asset: 'USDC',
  network: 'ethereum-sepolia',
  amount: '100000',
  available: '100000',
  decimals: 6,
  usd_price: 1,
}
/** A supplier the workspace paid. */
const REAL = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
/** Two addresses with its first and last 4 characters, and one that shares nothing. */
const BAIT = '0x5aaeb6053f3e94c9b9a02f33669435e7ef1beaed'
const BAIT_2 = '0x5aaeb6053f3e94c9b9a03f33669435e7ef1beaed'
const UNRELATED = '0x1111111111111111111111111111111111111111'
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

describe('dust and zero-value bait in the ledger (console, sync, export, report, threshold)', () => {
  let sim: RunningSimulator
  let home: string
  const from = ago(24 * 60)
  const to = ago(1)

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    const sandbox = simConsole(sim.sandbox.url)
    await sandbox.settings({ rate_limit_per_minute: 1_000_000 })
    const workspace = (await sandbox.createWorkspace('Bait')).id
    const wallet = (await sandbox.createWallet(workspace, 'Ops', [USDC])).id
    const leg = (direction: 'in' | 'out', amount: string, address: string, minutes: number) =>
      sandbox.addTransactions({
        wallet_id: wallet,
        direction,
        asset: 'USDC',
        network: 'ethereum-sepolia',
        amount,
        created_at: ago(minutes),
        ...(direction === 'in' ? { from_address: address } : { to_address: address }),
      })
    await leg('out', '2500', REAL, 120)
    // Newer than the payout it imitates: a sync walking newest first meets the bait before the real address.
    await leg('in', '0', BAIT, 60)
    await leg('in', '5', BAIT_2, 50)
    await leg('in', '0.5', UNRELATED, 40)
    await leg('in', '0', REAL, 30)
    home = await mkdtemp(join(tmpdir(), 'dust-bait-'))
    await cliProfile(home, sim.sandbox.url, (key) => sandbox.registerEd25519Key(workspace, key))
    expect((await cli(home, ['history', 'sync', '--profile', 'Sim'])).code).toBe(0)
  })
  afterAll(async () => {
    await sim.close()
    await rm(home, { recursive: true, force: true })
  })

  const flaggedSenders = async () => {
    const run = await cli(home, [
      'history',
      'export',
      '--profile',
      'Sim',
      '--from',
      from,
      '--to',
      to,
      '--suspected-poisoning',
    ])
    expect(run.code).toBe(0)
    const [header, ...rows] = run.stdout.trim().split(/\r?\n/)
    const cols = header!.split(',')
    return rows
      .map((r) => r.split(','))
      .map((c) => ({
        from: c[cols.indexOf('from_address')],
        amount: c[cols.indexOf('amount')],
        flag: c[cols.indexOf('suspected_poisoning')],
      }))
  }

  it('flags only the zero-value leg from the look-alike: not the look-alike above the threshold, the unrelated dust or the real address', async () => {
    expect(await flaggedSenders()).toEqual([{ from: BAIT, amount: '0', flag: 'yes' }])
    const all = await cli(home, ['history', 'export', '--profile', 'Sim', '--from', from, '--to', to])
    expect(all.stdout.trim().split(/\r?\n/)).toHaveLength(6)
  })

  it('the reconciliation report counts the flagged leg', async () => {
    const run = await cli(home, ['history', 'report', '--profile', 'Sim', '--from', from, '--to', to, '--json'])
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(report.suspectedPoisoning).toBe(1)
    expect(report.groups).toEqual([expect.objectContaining({ asset: 'USDC', suspectedPoisoning: 1 })])
    const csv = await cli(home, ['history', 'report', '--profile', 'Sim', '--from', from, '--to', to])
    expect(csv.stdout).toContain('suspected_poisoning,1\r\n')
  })

  it('history dust lists the defaults; a higher USDC threshold flags the 5 USDC look-alike too, and is refused when malformed', async () => {
    const list = await cli(home, ['history', 'dust', '--profile', 'Sim'])
    expect(list.stdout).toMatch(/^USDC\s+1\s+default$/m)
    const set = await cli(home, ['history', 'dust', '--profile', 'Sim', '--asset', 'USDC', '--below', '10'])
    expect(set.code).toBe(0)
    expect(set.stderr).toContain('2 incoming movement(s) of the ledger are flagged')
    expect(set.stdout).toMatch(/^USDC\s+10\s+profile$/m)
    expect((await flaggedSenders()).map((r) => r.from)).toEqual([BAIT, BAIT_2])
    const bad = await cli(home, ['history', 'dust', '--profile', 'Sim', '--asset', 'USDC', '--below', '1e3'])
    expect(bad.code).not.toBe(0)
    expect(bad.stderr).toContain('below: a decimal amount')
    expect((await flaggedSenders()).map((r) => r.from)).toEqual([BAIT, BAIT_2])
  })
})
