import { userInfo } from 'node:os'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkBatchFile } from '../../../electron/core/batch/batch-check'
import { submitBatch } from '../../../electron/core/batch/batch-submit'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { profileDir } from '../../../electron/core/profiles'
import { DeskStore, openDatabase, STORE_FILE } from '../../../electron/core/store'
import { Leases } from '../../../electron/core/store/processes/leases'
import { HEARTBEAT_STALE_MS, ProcessRegistry } from '../../../electron/core/store/processes/process-registry'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { makeClient, registerKey } from '../../harness/api-fixture'
import { batchCsv, recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli } from '../../harness/cli-runner'

// Runs under test/with-keychain.sh: the profile's key is in a real (throwaway) Secret Service.
let sim: RunningSimulator
let home: string
let files: string
const ws: Record<'sandbox' | 'production', BatchWorkspace> = {} as never
const profileId: Record<string, string> = {}

async function profile(
  name: string,
  env: 'sandbox' | 'production',
  baseUrl: string,
  workspaceId: string,
): Promise<void> {
  // Plain http on loopback is a base URL in either environment: the simulator's production listener is a production
  // profile.
  expect(await cli(home, ['profile', 'add', '--name', name, '--env', env, '--base-url', baseUrl])).toMatchObject({
    code: 0,
  })
  const publicKey = /^\s+([A-Za-z0-9+/]{43}=)$/m.exec(
    (await cli(home, ['key', 'generate', '--profile', name])).stdout,
  )![1]
  const res = await fetch(`${baseUrl}/_console/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ workspace_id: workspaceId, algorithm: 'ed25519', public_key: publicKey }),
  })
  const keyId = ((await res.json()) as { data: { key_id: string } }).data.key_id
  expect(await cli(home, ['key', 'set-id', '--profile', name, '--key-id', keyId])).toMatchObject({ code: 0 })
  profileId[name] = (
    JSON.parse((await cli(home, ['profile', 'list', '--json'])).stdout) as Array<{ id: string; name: string }>
  ).find((p) => p.name === name)!.id
}

const file = async (name: string, content: string | Buffer) => {
  const path = join(files, name)
  await writeFile(path, content)
  return path
}
const goodRows = (w: BatchWorkspace) => [
  { destination: w.destinations[0]!.label, amount: '1.5', wallet: w.walletId, reference: 'inv-1' },
  { destination: w.destinations[1]!.id, amount: '2', wallet: w.walletId, reference: '-42 refund' },
  { destination: w.destinations[2]!.address, amount: '0.25', wallet: w.walletId },
]

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  home = await mkdtemp(join(tmpdir(), 'batch-cli-'))
  files = await mkdtemp(join(tmpdir(), 'batch-files-'))
  ws.sandbox = await setupBatchWorkspace(sim.sandbox.url)
  ws.production = await setupBatchWorkspace(sim.production.url)
  await profile('Sim', 'sandbox', sim.sandbox.url, ws.sandbox.workspaceId)
  await profile('Prod', 'production', sim.production.url, ws.production.workspaceId)
})
afterAll(async () => {
  for (const w of Object.values(ws)) await w.client.sender.close()
  await sim.close()
  await rm(home, { recursive: true, force: true })
  await rm(files, { recursive: true, force: true })
})

describe('payout-desk batch', () => {
  it('check: exit 0 with the review for a clean file, exit 1 with every problem by line', async () => {
    const clean = await cli(home, [
      'batch',
      'check',
      await file('clean.csv', batchCsv(goodRows(ws.sandbox))),
      '--profile',
      'Sim',
    ])
    expect(clean.code).toBe(0)
    expect(clean.stdout).toMatch(/3 rows to pay; grand total \(sum of the amount column\) 3.75/)
    expect(clean.stdout).toMatch(
      /3.75 USDC on ethereum-sepolia in 3 rows; available 1000000 {2}\(about \$3.75, indicative\); from \S+ Test wallet$/m,
    )

    const bad = [
      'destination;amount;asset;reference',
      `${ws.sandbox.destinations[0]!.label};1e3;USDC;`,
      `${ws.sandbox.destinations[0]!.label};1,5;USDC;`,
      `${ws.sandbox.destinations[0]!.label}; 10 ;USDC;`,
      `${ws.sandbox.destinations[0]!.label};-1;USDC;`,
      `${ws.sandbox.destinations[0]!.label};0;USDC;`,
      `${ws.sandbox.destinations[0]!.label};1;USDC;=cmd|' /C calc'!A0`,
      `${ws.sandbox.destinations[0]!.label};1;USDC;x;extra`,
    ].join('\n')
    const checked = await cli(home, [
      'batch',
      'check',
      await file('bad.csv', bad),
      '--profile',
      'Sim',
      '--wallet',
      'Test wallet',
    ])
    expect(checked.code).toBe(1)
    const lines = checked.stderr.split('\n').filter((l) => l.startsWith('error:'))
    expect(lines.map((l) => /Line (\d+)/.exec(l)?.[1])).toEqual(['2', '3', '4', '5', '6', '7', '8'])
    expect(checked.stderr).toMatch(/Line 3, amount: "1,5" has a decimal comma/)
    expect(checked.stderr).toMatch(/7 problem\(s\); nothing can be sent/)

    const json = await cli(home, [
      'batch',
      'check',
      join(files, 'bad.csv'),
      '--profile',
      'Sim',
      '--wallet',
      'Test wallet',
      '--json',
    ])
    expect(json.code).toBe(1)
    const parsed = JSON.parse(json.stdout) as {
      clean: boolean
      problems: Array<{ line: number; column: string | null }>
    }
    expect(parsed.clean).toBe(false)
    expect(parsed.problems.slice(0, 2)).toEqual([
      expect.objectContaining({ line: 2, column: 'amount' }),
      expect.objectContaining({ line: 3, column: 'amount' }),
    ])
  })

  it('check: refuses files that are not UTF-8, empty, header only or over 5 MB, naming the limit', async () => {
    const run = async (name: string, content: string | Buffer) =>
      cli(home, ['batch', 'check', await file(name, content), '--profile', 'Sim'])
    expect(
      (await run('latin1.csv', Buffer.from('destination,amount,asset\nM\xfcller,1,USDC\n', 'latin1'))).stderr,
    ).toMatch(/not UTF-8/)
    expect((await run('empty.csv', '')).stderr).toMatch(/empty/)
    expect((await run('header.csv', 'destination,amount,asset\n')).stderr).toMatch(/header but no rows/)
    const big = await run('big.csv', Buffer.alloc(5 * 1024 * 1024 + 1, 'a'))
    expect(big).toMatchObject({ code: 1 })
    expect(big.stderr).toMatch(/at most 5 MB/)
  })

  it('submit: records and sends the batch, prints its id and progress; status lists the rows and exports them', async () => {
    const before = (await recordedWithdrawals(sim.sandbox.url, ws.sandbox.workspaceId)).length
    const run = await cli(home, [
      'batch',
      'submit',
      await file('pay.csv', batchCsv(goodRows(ws.sandbox))),
      '--profile',
      'Sim',
    ])
    expect(run.code).toBe(0)
    const id = /^Batch ([0-9a-f-]{36}): 3 rows recorded, sending\.$/m.exec(run.stdout)?.[1]
    expect(id).toBeDefined()
    expect(run.stdout).toMatch(/Finished: sent 3\/3: accepted 3, refused 0, unknown 0/)
    expect(await recordedWithdrawals(sim.sandbox.url, ws.sandbox.workspaceId)).toHaveLength(before + 3)

    const status = await cli(home, ['batch', 'status', id!, '--profile', 'Sim'])
    expect(status.code).toBe(0)
    expect(status.stdout).toMatch(/from pay.csv/)
    expect(status.stdout.split('\n').filter((l) => /^\d+ /.test(l))).toHaveLength(3)
    const json = JSON.parse(
      (await cli(home, ['batch', 'status', id!, '--profile', 'Sim', '--json', '--state', 'accepted'])).stdout,
    )
    expect(json.rows.map((r: { line: number; state: string }) => [r.line, r.state])).toEqual([
      [2, 'accepted'],
      [3, 'accepted'],
      [4, 'accepted'],
    ])
    expect(json.progress).toMatchObject({ total: 3, accepted: 3, finished: true })

    const out = join(files, 'results.csv')
    expect((await cli(home, ['batch', 'status', id!, '--profile', 'Sim', '--export', out])).code).toBe(0)
    const csv = (await readFile(out, 'utf8')).split('\r\n')
    expect(csv[0]).toBe('line,reference,destination,amount,asset,idempotency_key,payout_id,status,error')
    expect(csv[2]).toMatch(/^3,'-42 refund,Bob Ltd,2,USDC,[0-9a-f-]{36},[0-9a-f-]{36},pending_approval,$/)

    // The reference shows wherever the payout does: the outbox listing too, as text and as JSON.
    const keys = (json.rows as Array<{ idempotencyKey: string; reference: string | null }>).map(
      (r) => [r.idempotencyKey, r.reference] as const,
    )
    const outbox = await cli(home, ['outbox', '--profile', 'Sim'])
    expect(outbox.stdout.split('\n')[0]).toMatch(/ {2}REFERENCE {2}/)
    for (const [key, reference] of keys)
      expect(outbox.stdout.split('\n').find((l) => l.startsWith(key))).toContain(reference ?? '')
    expect(outbox.stdout.split('\n').find((l) => l.startsWith(keys[0]![0]))).toMatch(/ {2}inv-1(\s|$)/)
    const listed = JSON.parse((await cli(home, ['outbox', '--profile', 'Sim', '--json'])).stdout) as {
      entries: Array<{ idempotencyKey: string; reference: string | null; requestedBy: string }>
    }
    expect(keys.map(([key]) => listed.entries.find((e) => e.idempotencyKey === key)?.reference)).toEqual([
      'inv-1',
      '-42 refund',
      null,
    ])
    // Who, in the one form every surface writes: the surface, then the person.
    expect(keys.map(([key]) => listed.entries.find((e) => e.idempotencyKey === key)?.requestedBy)).toEqual(
      Array(3).fill(`cli (${userInfo().username})`),
    )
  })

  it('submit: repeated rows need --yes; a production batch needs its total typed unless --yes', async () => {
    const rows = goodRows(ws.sandbox)
    const dup = await cli(home, [
      'batch',
      'submit',
      await file('dup.csv', batchCsv([...rows, rows[0]!])),
      '--profile',
      'Sim',
    ])
    expect(dup.code).toBe(1)
    expect(dup.stderr).toMatch(/Line 5 repeats line 2/)
    expect(dup.stderr).toMatch(/Nothing was recorded: the file repeats rows/)
    expect((await cli(home, ['batch', 'submit', join(files, 'dup.csv'), '--profile', 'Sim', '--yes'])).stdout).toMatch(
      /Finished: sent 4\/4: accepted 4/,
    )

    const prodFile = await file('prod.csv', batchCsv(goodRows(ws.production)))
    const asked = await cli(home, ['batch', 'submit', prodFile, '--profile', 'Prod'])
    expect(asked.code).toBe(1)
    expect(asked.stderr).toMatch(/PRODUCTION profile "Prod": type the grand total/)
    expect(asked.stderr).toMatch(/The grand total does not match: type 3\.75\. Nothing was recorded\./)
    expect(await recordedWithdrawals(sim.production.url, ws.production.workspaceId)).toHaveLength(0)
    expect((await cli(home, ['outbox', '--profile', 'Prod'])).stdout).toMatch(/is empty/)
    expect((await cli(home, ['batch', 'submit', prodFile, '--profile', 'Prod', '--yes'])).code).toBe(0)
    expect(await recordedWithdrawals(sim.production.url, ws.production.workspaceId)).toHaveLength(3)
  })

  it('submit: on a terminal, a production batch is sent once its grand total is typed, compared as a decimal', async () => {
    const before = (await recordedWithdrawals(sim.production.url, ws.production.workspaceId)).length
    const prodFile = await file('prod-typed.csv', batchCsv(goodRows(ws.production)))
    // Its destinations were never paid: named and confirmed first.
    const wrong = await cli(home, ['batch', 'submit', prodFile, '--profile', 'Prod'], '', ['y', '3.7'])
    expect(wrong.stdout).toMatch(
      /never paid before \(no completed payout to the address on its network\): \d+ destination/,
    )
    expect(wrong.stderr).toMatch(/never paid before\? Check each address with its recipient first\. \[y\/N\]/)
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(/The grand total does not match: type 3\.75\./)
    expect(await recordedWithdrawals(sim.production.url, ws.production.workspaceId)).toHaveLength(before)

    const typed = await cli(home, ['batch', 'submit', prodFile, '--profile', 'Prod'], '', ['y', '3.750'])
    expect(typed.stderr).toMatch(/PRODUCTION profile "Prod": type the grand total of this batch to send it/)
    expect(typed.stdout).toMatch(/Finished: sent 3\/3: accepted 3/)
    expect(typed.code).toBe(0)
    expect(await recordedWithdrawals(sim.production.url, ws.production.workspaceId)).toHaveLength(before + 3)
  })

  it('resume: sends a recorded batch that no process finished, under its recorded keys', async () => {
    const key = await registerKey(sim.sandbox.url, ws.sandbox.workspaceId)
    const store = DeskStore.open(profileDir(home, profileId.Sim!), 'test')
    const client = makeClient(sim.sandbox.url, key.signer)
    const outbox = Outbox.open(store)
    const batch = await submitBatch(
      store,
      outbox,
      await checkBatchFile(client, batchCsv(goodRows(ws.sandbox).slice(0, 2))),
      {
        source: 'left.csv',
        requestedBy: 'test',
        confirmDuplicates: false,
        retypedTotal: null,
        production: false,
      },
    )
    const keys = outbox.ofBatch(batch.id).map((e) => e.idempotencyKey)
    store.close()
    await client.sender.close()
    const resumed = await cli(home, ['batch', 'resume', batch.id, '--profile', 'Sim'])
    expect(resumed.code).toBe(0)
    expect(resumed.stdout).toMatch(/Finished: sent 2\/2: accepted 2/)
    const recorded = await recordedWithdrawals(sim.sandbox.url, ws.sandbox.workspaceId)
    for (const k of keys) expect(recorded.filter((w) => w.idempotency_key === k)).toHaveLength(1)
    expect((await cli(home, ['batch', 'status', 'no-such-batch', '--profile', 'Sim'])).stderr).toMatch(
      /no batch no-such-batch/,
    )
  })

  it('resume: right after the sending process was killed, waits for its claim to lapse, says so, then sends', async () => {
    const key = await registerKey(sim.sandbox.url, ws.sandbox.workspaceId)
    const dir = profileDir(home, profileId.Sim!)
    const store = DeskStore.open(dir, 'test')
    const client = makeClient(sim.sandbox.url, key.signer)
    const batch = await submitBatch(
      store,
      Outbox.open(store),
      await checkBatchFile(client, batchCsv(goodRows(ws.sandbox).slice(0, 1))),
      {
        source: 'killed.csv',
        requestedBy: 'test',
        confirmDuplicates: false,
        retypedTotal: null,
        production: false,
      },
    )
    store.close()
    await client.sender.close()
    // The killed sender: registered under a pid that still exists (not yet reaped), its last beat 1.5 s short of stale,
    // holding the batch.
    const db = openDatabase(join(dir, STORE_FILE))
    const lastBeat = Date.now() - HEARTBEAT_STALE_MS + 1_500
    const killed = new ProcessRegistry(db, 'cli', () => lastBeat)
    killed.register()
    expect(new Leases(db, killed, () => lastBeat).tryTake(`batch:${batch.id}`)).toBe(true)
    db.close()

    const resumed = await cli(home, ['batch', 'resume', batch.id, '--profile', 'Sim'])
    expect(resumed.stderr).toMatch(
      /Another Payout Desk process claimed this batch; waiting until \S+ \(\d+ s\) in case it was killed/,
    )
    expect(resumed.stdout).toMatch(/Finished: sent 1\/1: accepted 1/)
    expect(resumed.code).toBe(0)
  })

  it('resume: a batch another live process is sending is refused once that process beats again', async () => {
    const key = await registerKey(sim.sandbox.url, ws.sandbox.workspaceId)
    const sender = DeskStore.open(profileDir(home, profileId.Sim!), 'test')
    const client = makeClient(sim.sandbox.url, key.signer)
    try {
      const batch = await submitBatch(
        sender,
        Outbox.open(sender),
        await checkBatchFile(client, batchCsv(goodRows(ws.sandbox).slice(0, 1))),
        {
          source: 'held.csv',
          requestedBy: 'test',
          confirmDuplicates: false,
          retypedTotal: null,
          production: false,
        },
      )
      expect(sender.read('claim', () => sender.leases.tryTake(`batch:${batch.id}`))).toBe(true)
      const refused = await cli(home, ['batch', 'resume', batch.id, '--profile', 'Sim'])
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/waiting until/)
      expect(refused.stderr).toMatch(/Another Payout Desk process is sending this batch right now/)
    } finally {
      sender.close()
      await client.sender.close()
    }
  })
})
