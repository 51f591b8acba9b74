import { simConsole } from '../../harness/sim-console'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli, cliProfile } from '../../harness/cli-runner'

// Runs under test/with-keychain.sh: each desk's key is in a real (throwaway) Secret Service.
let sim: RunningSimulator
let ws: BatchWorkspace
let files: string
const desks: Record<'a' | 'b', string> = { a: '', b: '' }
const SCHEDULE = 'DTSTART:20261106T000000Z\\nRRULE:FREQ=WEEKLY;BYDAY=FR'

/** A desk: its own home (store), its own key registered in the same workspace. */
async function desk(home: string): Promise<void> {
  await cliProfile(home, sim.sandbox.url, (key) => simConsole(sim.sandbox.url).registerEd25519Key(ws.workspaceId, key))
}

const file = async (name: string, content: string) => {
  const path = join(files, name)
  await writeFile(path, content)
  return path
}

type Line = [payee: string, destination: string, amount: string, wallet?: string, invoice?: string]
const linesCsv = (lines: readonly Line[]) =>
  [
    'destination,amount,asset,wallet,reference,invoice_number',
    ...lines.map(([payee, dest, amount, wallet, invoice]) =>
      [dest, amount, 'USDC', wallet ?? ws.walletId, payee, invoice ?? ''].join(','),
    ),
  ].join('\n') + '\n'

/** The CLI as a process of its own (a second desk sending at the same time). */
const runProcess = promisify(execFile)
async function cliProcess(home: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runProcess(process.execPath, ['bin/payout-desk.js', '--home', home, ...args], {
    cwd: process.cwd(),
    timeout: 120_000,
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  )
}

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  ws = await setupBatchWorkspace(sim.sandbox.url)
  files = await mkdtemp(join(tmpdir(), 'run-files-'))
  desks.a = await mkdtemp(join(tmpdir(), 'run-desk-a-'))
  desks.b = await mkdtemp(join(tmpdir(), 'run-desk-b-'))
  await desk(desks.a)
  await desk(desks.b)
})
afterAll(async () => {
  await ws.client.sender.close()
  await sim.close()
  for (const dir of [files, desks.a, desks.b]) await rm(dir, { recursive: true, force: true })
})

describe('payout-desk run', () => {
  it('add refuses a bad file naming the line and the column, and keeps nothing', async () => {
    const bad = `destination,amount,asset,due_date\n${ws.destinations[0]!.label},1,USDC,2026-02-30\n${ws.destinations[1]!.label},1;5,USDC,\n`
    const run = await cli(desks.a, [
      'run',
      'add',
      '--profile',
      'Sim',
      '--name',
      'Bad',
      '--schedule',
      SCHEDULE,
      '--file',
      await file('bad.csv', bad),
    ])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/Line 2, due_date: "2026-02-30" is not a calendar day/)
    expect(run.stderr).toMatch(/Line 3, amount: "1;5" is not a decimal/)
    const dup = await cli(desks.a, [
      'run',
      'add',
      '--profile',
      'Sim',
      '--name',
      'Dup',
      '--schedule',
      SCHEDULE,
      '--file',
      await file(
        'dup.csv',
        linesCsv([
          ['Alice', 'Alice GmbH', '1'],
          ['alice', 'Bob Ltd', '2'],
        ]),
      ),
    ])
    expect(dup.stderr).toMatch(/Line 3, reference: the payee "alice" is on line 2 already/)
    expect(JSON.parse((await cli(desks.a, ['run', 'list', '--profile', 'Sim', '--json'])).stdout)).toEqual([])
  })

  it('add, list with the next due period, export and import (the id travels), skip', async () => {
    const lines = linesCsv([
      ['Alice', 'Alice GmbH', '100'],
      ['Bob', 'Bob Ltd', '200'],
      ['Carol', 'Carol SA', '300'],
    ])
    expect(
      await cli(desks.a, [
        'run',
        'add',
        '--profile',
        'Sim',
        '--name',
        'Weekly',
        '--schedule',
        SCHEDULE,
        '--file',
        await file('weekly.csv', lines),
      ]),
    ).toMatchObject({ code: 0 })
    const [listed] = JSON.parse((await cli(desks.a, ['run', 'list', '--profile', 'Sim', '--json'])).stdout) as Array<{
      id: string
      next: { period: string; state: string }
    }>
    expect(listed!.next).toEqual({ period: '2026-11-06', state: expect.stringMatching(/overdue|due_today|upcoming/) })
    const out = join(files, 'weekly.run.json')
    expect(await cli(desks.a, ['run', 'export', 'Weekly', '--profile', 'Sim', '--out', out])).toMatchObject({ code: 0 })
    expect(JSON.parse(await readFile(out, 'utf8')).run.id).toBe(listed!.id)
    expect((await cli(desks.b, ['run', 'import', out, '--profile', 'Sim'])).stdout).toMatch(/imported with 3 lines/)
    const [onB] = JSON.parse((await cli(desks.b, ['run', 'list', '--profile', 'Sim', '--json'])).stdout) as Array<{
      id: string
    }>
    expect(onB!.id).toBe(listed!.id)
    expect(
      (await cli(desks.a, ['run', 'skip', 'Weekly', '--profile', 'Sim', '--period', '2026-11-07'])).stderr,
    ).toMatch(/not one of the run's periods/)
  })

  it('two processes with separate stores send the same period at once: each payee is paid once', async () => {
    const before = (await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).length
    const args = ['run', 'send', 'Weekly', '--profile', 'Sim', '--period', '2026-11-06', '--yes']
    const [a, b] = await Promise.all([cliProcess(desks.a, args), cliProcess(desks.b, args)])
    expect(`${a.stdout}${b.stdout}`).toMatch(/Finished: sent 3\/3: accepted 3, refused 0, unknown 0/)
    const made = (await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).slice(before)
    expect(made).toHaveLength(3)
    expect(new Set(made.map((w) => w.idempotency_key)).size).toBe(3)
    // Between them the desks answer with the same payouts, and each line is the plain "accepted" of exactly one
    // desk: the other's label says what the provider answered it (the key existed), whatever the timing.
    const ids = (out: string) =>
      [...out.matchAll(/[0-9a-f]{8}-[0-9a-f-]{27}/g)].map((m) => m[0]).filter((id) => made.some((w) => w.id === id))
    expect(new Set([...ids(a.stdout), ...ids(b.stdout)])).toEqual(new Set(made.map((w) => w.id)))
    for (const payee of ['Alice', 'Bob', 'Carol']) {
      const plain = new RegExp(`^\\d+ +${payee} +\\S+ USDC +\\S+ +accepted$`, 'm')
      expect(
        [a.stdout, b.stdout].filter((out) => plain.test(out)),
        `${a.stdout}\n${b.stdout}`,
      ).toHaveLength(1)
    }

    // The desk that recorded the period (the other may have found every key at the provider before sending, and says
    // so: it prints the provider's 3 of 3 too).
    const sender = /recorded as batch/.test(a.stdout) ? desks.a : desks.b
    const again = await cli(sender, args)
    expect(again.stdout).toMatch(/recorded from this desk already/)
    expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(before + 3)
  })

  it('a line another desk sent with another amount is shown so, never re-keyed', async () => {
    const args = ['run', 'send', 'Weekly', '--profile', 'Sim', '--period', '2026-11-13', '--yes']
    expect((await cli(desks.a, args)).code).toBe(0)
    const before = (await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).length
    const changed = linesCsv([
      ['Alice', 'Alice GmbH', '150'],
      ['Bob', 'Bob Ltd', '200'],
      ['Carol', 'Carol SA', '300'],
    ])
    expect(
      (await cli(desks.b, ['run', 'edit', 'Weekly', '--profile', 'Sim', '--file', await file('changed.csv', changed)]))
        .code,
    ).toBe(0)
    const b = await cli(desks.b, args)
    expect(b.code).toBe(1)
    expect(b.stdout).toMatch(/^2 +Alice +150 USDC +\S+ +sent from another desk with another amount$/m)
    expect(b.stdout).toMatch(/Bob .* accepted \(already sent from another desk\)/)
    expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(before)
  })

  it('a run previewed over three periods shows what changed since the last period sent', async () => {
    const path = await file(
      'three.csv',
      linesCsv([
        ['Alice', 'Alice GmbH', '10'],
        ['Bob', 'Bob Ltd', '20'],
      ]),
    )
    expect(
      (
        await cli(desks.a, [
          'run',
          'add',
          '--profile',
          'Sim',
          '--name',
          'Three',
          '--schedule',
          SCHEDULE,
          '--file',
          path,
        ])
      ).code,
    ).toBe(0)
    const first = await cli(desks.a, ['run', 'preview', 'Three', '--profile', 'Sim'])
    expect(first.stdout).toMatch(/period 2026-11-06; compared with nothing/)
    expect(first.stdout).toMatch(
      /"Test wallet" USDC|Test wallet USDC on ethereum-sepolia: 30 \+ 0 = 30; available \d+: enough/,
    )
    expect((await cli(desks.a, ['run', 'send', 'Three', '--profile', 'Sim', '--yes'])).code).toBe(0)

    const second = linesCsv([
      ['Alice', 'Alice GmbH', '12'],
      ['Carol', 'Carol SA', '5'],
    ])
    expect(
      (await cli(desks.a, ['run', 'edit', 'Three', '--profile', 'Sim', '--file', await file('three-2.csv', second)]))
        .code,
    ).toBe(0)
    const p2 = await cli(desks.a, ['run', 'preview', 'Three', '--profile', 'Sim', '--json'])
    const view2 = JSON.parse(p2.stdout) as {
      period: string
      lines: Array<{ payee: string; changes: string[]; before: string | null }>
      removed: Array<{ payee: string }>
    }
    expect(view2.period).toBe('2026-11-13')
    expect(view2.lines.map((l) => [l.payee, l.changes, l.before])).toEqual([
      ['Alice', ['changed_amount'], '10 USDC'],
      ['Carol', ['new_payee'], null],
    ])
    expect(view2.removed.map((r) => r.payee)).toEqual(['Bob'])
    expect((await cli(desks.a, ['run', 'send', 'Three', '--profile', 'Sim', '--yes'])).code).toBe(0)

    const third = linesCsv([
      ['Alice', 'Bob Ltd', '12'],
      ['Carol', 'Carol SA', '5'],
    ])
    expect(
      (await cli(desks.a, ['run', 'edit', 'Three', '--profile', 'Sim', '--file', await file('three-3.csv', third)]))
        .code,
    ).toBe(0)
    const p3 = await cli(desks.a, ['run', 'preview', 'Three', '--profile', 'Sim'])
    expect(p3.stdout).toMatch(/period 2026-11-20; compared with the period sent 2026-11-13/)
    expect(p3.stdout).toMatch(/^\d+ +Alice +Bob Ltd +12 USDC +destination new to this payee$/m)
    expect(p3.stdout).toMatch(/^\d+ +Carol +Carol SA +5 USDC *$/m)
  })

  it('a shortfall is refused before any row is recorded, naming the wallet, asset and missing amount', async () => {
    const lines = linesCsv([
      ['Alice', 'Alice GmbH', '6', ws.smallWalletId],
      ['Bob', 'Bob Ltd', '6', ws.smallWalletId],
    ])
    expect(
      (
        await cli(desks.a, [
          'run',
          'add',
          '--profile',
          'Sim',
          '--name',
          'Short',
          '--schedule',
          SCHEDULE,
          '--file',
          await file('short.csv', lines),
        ])
      ).code,
    ).toBe(0)
    const before = (await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).length
    const outbox = async () =>
      (JSON.parse((await cli(desks.a, ['outbox', '--profile', 'Sim', '--json'])).stdout) as { entries: unknown[] })
        .entries
    const outboxBefore = await outbox()
    const preview = await cli(desks.a, ['run', 'preview', 'Short', '--profile', 'Sim'])
    expect(preview.code).toBe(1)
    expect(preview.stderr).toMatch(
      new RegExp(`shortfall: "Small wallet" \\(${ws.smallWalletId}\\) lacks 2 USDC on ethereum-sepolia`),
    )
    const send = await cli(desks.a, ['run', 'send', 'Short', '--profile', 'Sim', '--yes'])
    expect(send.code).toBe(1)
    expect(send.stderr).toMatch(/Not enough funds; nothing was recorded. "Small wallet" .* lacks 2 USDC/)
    expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(before)
    expect(await outbox()).toHaveLength(outboxBefore.length)
  })
})
