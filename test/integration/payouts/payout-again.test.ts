import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileDir } from '../../../electron/core/profiles'
import { openProfileStore } from '../../../electron/core/session/profile-store'
import { payoutAgainRepo } from '../../../electron/core/store/payouts/payout-again-repo'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { batchCsv, recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli, cliProfile } from '../../harness/cli-runner'
import { PtyCli } from '../../harness/pty-cli'
import { simConsole, type SimConsole } from '../../harness/sim-console'

// Issue 50: an expired, rejected or failed payout requested again is a NEW payout (new key, linked), through every
// check of a new one, refused twice, asked on a terminal. Real simulator, real keychain (test/with-keychain.sh).
let sim: RunningSimulator
let home: string
let ws: BatchWorkspace
let console: SimConsole
let profileId: string
let batchId: string

type Sent = Awaited<ReturnType<typeof recordedWithdrawals>>[number]
const byRef: Record<string, Sent> = {}

const linkOf = (oldKey: string) => {
  const store = openProfileStore(profileDir(home, profileId), 'test')
  try {
    return store.repo(payoutAgainRepo).newerOf(oldKey)
  } finally {
    store.close()
  }
}
const posts = async () =>
  (await console.requests()).filter((r) => r.method === 'POST' && r.path.split('?')[0] === '/api/v1/withdrawals')

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  home = await mkdtemp(join(tmpdir(), 'payout-again-'))
  ws = await setupBatchWorkspace(sim.sandbox.url)
  console = simConsole(sim.sandbox.url)
  await cliProfile(home, sim.sandbox.url, (pk) => console.registerEd25519Key(ws.workspaceId, pk))
  profileId = (JSON.parse((await cli(home, ['profile', 'list', '--json'])).stdout) as Array<{ id: string }>)[0]!.id
  const rows = ['expired', 'rejected', 'failed', 'listed', 'waiting', 'pty'].map((reference, i) => ({
    destination: ws.destinations[i === 3 ? 1 : 0]!.address,
    amount: `1.${i + 1}`,
    wallet: ws.walletId,
    reference,
  }))
  const file = join(home, 'rows.csv')
  await writeFile(file, batchCsv(rows))
  const sent = await cli(home, ['batch', 'submit', file, '--profile', 'Sim', '--yes'])
  expect(sent.code, sent.stderr).toBe(0)
  batchId = /^Batch (\S+):/m.exec(sent.stdout)![1]!
  const recorded = await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)
  rows.forEach((r) => (byRef[r.reference] = recorded.find((w) => w.amount === r.amount)!))
  await console.withdrawalAction(byRef.expired!.id, 'expire')
  await console.withdrawalAction(byRef.rejected!.id, 'reject')
  await console.withdrawalAction(byRef.listed!.id, 'expire')
  await console.withdrawalAction(byRef.pty!.id, 'expire')
  await console.withdrawalAction(byRef.failed!.id, 'approve')
  await console.withdrawalAction(byRef.failed!.id, 'fail')
}, 60_000)

afterAll(async () => {
  await ws?.client.sender.close()
  await sim?.close()
  await rm(home, { recursive: true, force: true })
})

describe('payout-desk payout again', () => {
  it('requests an expired batch row again: a new payout, a new key, linked to the old one', async () => {
    const old = byRef.expired!
    const before = (await posts()).length
    const r = await cli(home, ['payout', 'again', old.id, '--profile', 'Sim', '--yes'])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(new RegExp(`repeats payout ${old.id} \\(expired\\)`))
    const link = linkOf(old.idempotency_key)
    expect(link).not.toBeNull()
    expect(link!.newKey).not.toBe(old.idempotency_key)
    const sent = (await posts()).slice(before)
    expect(sent.map((p) => p.idempotency_key)).toEqual([link!.newKey])
    const now = await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)
    const fresh = now.find((w) => w.idempotency_key === link!.newKey)!
    expect([fresh.amount, fresh.wallet_id]).toEqual([old.amount, old.wallet_id])
    expect(r.stdout).toContain(`payout ${fresh.id} (Idempotency-Key ${link!.newKey}), accepted`)
    const status = JSON.parse((await cli(home, ['batch', 'status', batchId, '--profile', 'Sim', '--json'])).stdout)
    const rows = status.rows as Array<{ idempotencyKey: string; requestedAgain: string | null }>
    expect(rows.find((row) => row.idempotencyKey === old.idempotency_key)!.requestedAgain).toBe(link!.newKey)
    expect(rows.filter((row) => row.requestedAgain !== null)).toHaveLength(1)
    expect((await cli(home, ['audit', 'verify', '--profile', 'Sim'])).code).toBe(0)
  })

  it('refuses a second request again of the same payout, naming the newer one; nothing is sent', async () => {
    const old = byRef.expired!
    const before = (await posts()).length
    const r = await cli(home, ['payout', 'again', old.idempotency_key, '--profile', 'Sim', '--yes'])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('was requested again already')
    expect(r.stderr).toContain(linkOf(old.idempotency_key)!.newKey)
    expect((await posts()).length).toBe(before)
  })

  it('refuses a payout that is not expired, rejected or failed (still waiting for approval)', async () => {
    const r = await cli(home, ['payout', 'again', byRef.waiting!.id, '--profile', 'Sim', '--yes'])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/is pending_approval at the provider; only an expired, rejected or failed payout/)
    expect(linkOf(byRef.waiting!.idempotency_key)).toBeNull()
  })

  it('a screening list imported since the first request stops the request again; nothing is recorded', async () => {
    const old = byRef.listed!
    const list = join(home, 'list.csv')
    await writeFile(list, `network,address,entry\nethereum,${ws.destinations[1]!.address},case 7\n`)
    const imported = await cli(home, ['screening', 'import', list, '--profile', 'Sim', '--name', 'Internal'])
    expect(imported.code, imported.stderr).toBe(0)
    const before = (await posts()).length
    const r = await cli(home, ['payout', 'again', old.id, '--profile', 'Sim', '--yes'])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/stopped by the rule screening_listed/)
    expect(linkOf(old.idempotency_key)).toBeNull()
    expect((await posts()).length).toBe(before)
  })

  it('asks on a terminal (no is nothing), refuses a script without --yes, and goes on yes', async () => {
    const rejected = byRef.rejected!
    const no = await cli(home, ['payout', 'again', rejected.id, '--profile', 'Sim'], '', ['n'])
    expect(no.stderr).toContain('Request it again as a NEW payout, checked as any new payout? [y/N]')
    expect([no.code, linkOf(rejected.idempotency_key)]).toEqual([1, null])
    const script = await cli(home, ['payout', 'again', rejected.id, '--profile', 'Sim'])
    expect(script.code).toBe(1)
    expect(script.stderr).toContain('Nothing was requested: confirm on a terminal, or pass --yes in a script.')
    expect(linkOf(rejected.idempotency_key)).toBeNull()
    const yes = await cli(home, ['payout', 'again', rejected.id, '--profile', 'Sim'], '', ['y'])
    expect(yes.code, yes.stderr).toBe(0)
    expect(yes.stdout).toMatch(/repeats payout \S+ \(rejected\)/)
    expect(linkOf(rejected.idempotency_key)).not.toBeNull()

    const failed = await cli(home, ['payout', 'again', byRef.failed!.id, '--profile', 'Sim', '--yes'])
    expect(failed.code, failed.stderr).toBe(0)
    expect(failed.stdout).toMatch(/\(failed\)\.$/m)
  })

  it('on a real terminal: shows the payout, asks [y/N], and a yes requests it again', async () => {
    const old = byRef.pty!
    const run = new PtyCli(home, ['payout', 'again', old.id, '--profile', 'Sim'])
    await run.waitFor('Request it again as a NEW payout, checked as any new payout? [y/N]')
    expect(run.output).toContain(`Payout ${old.id} (expired): ${old.amount} USDC on ethereum-sepolia to`)
    run.type('y')
    expect(await run.exit()).toBe(0)
    expect(run.output).toMatch(new RegExp(`repeats payout ${old.id} \\(expired\\)`))
    expect(linkOf(old.idempotency_key)).not.toBeNull()
  })
})
