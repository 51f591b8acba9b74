import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkBatchFile } from '../../../electron/core/batch/batch-check'
import { submitBatch } from '../../../electron/core/batch/batch-submit'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { profileDir } from '../../../electron/core/profiles'
import { DeskStore } from '../../../electron/core/store'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { makeClient, registerKey } from '../../harness/api-fixture'
import { batchCsv, recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli } from '../../harness/cli-runner'
import { simConsole } from '../../harness/sim-console'

// The CLI's refusals and declined confirmations, end to end against the simulator: each says what to do, exits
// non-zero, and changes nothing.
// Runs under test/with-keychain.sh: the profile's key is in a real (throwaway) Secret Service.
let sim: RunningSimulator
let home: string
let files: string
let ws: BatchWorkspace
let simId: string

const rows = () => [
  { destination: ws.destinations[0]!.label, amount: '1.5', wallet: ws.walletId },
  { destination: ws.destinations[1]!.label, amount: '2', wallet: ws.walletId },
]

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  home = await mkdtemp(join(tmpdir(), 'cli-refusals-'))
  files = await mkdtemp(join(tmpdir(), 'cli-refusals-files-'))
  ws = await setupBatchWorkspace(sim.sandbox.url)
  expect(
    await cli(home, ['profile', 'add', '--name', 'Sim', '--env', 'sandbox', '--base-url', sim.sandbox.url]),
  ).toMatchObject({ code: 0 })
  const publicKey = /^\s+([A-Za-z0-9+/]{43}=)$/m.exec(
    (await cli(home, ['key', 'generate', '--profile', 'Sim'])).stdout,
  )![1]!
  const keyId = await simConsole(sim.sandbox.url).registerEd25519Key(ws.workspaceId, publicKey)
  expect(await cli(home, ['key', 'set-id', '--profile', 'Sim', '--key-id', keyId])).toMatchObject({ code: 0 })
  simId = (
    JSON.parse((await cli(home, ['profile', 'list', '--json'])).stdout) as Array<{ id: string; name: string }>
  ).find((p) => p.name === 'Sim')!.id
})
afterAll(async () => {
  await ws.client.sender.close()
  await sim.close()
  await rm(home, { recursive: true, force: true })
  await rm(files, { recursive: true, force: true })
})

describe('batch files', () => {
  it('a missing file or a folder is named, and nothing is read or sent', async () => {
    const missing = join(files, 'nope.csv')
    expect(await cli(home, ['batch', 'check', missing, '--profile', 'Sim'])).toMatchObject({
      code: 1,
      stderr: `error: Cannot read ${missing}: no such file.\n`,
    })
    const folder = join(files, 'a-folder.csv')
    await mkdir(folder)
    expect(await cli(home, ['batch', 'submit', folder, '--profile', 'Sim'])).toMatchObject({
      code: 1,
      stderr: `error: ${folder} is not a file.\n`,
    })
  })

  it('rows pasted on stdin ("-") are checked like a file', async () => {
    const result = await cli(home, ['batch', 'check', '-', '--profile', 'Sim'], batchCsv(rows()))
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^2 rows to pay; grand total \(sum of the amount column\) 3\.5$/m)
  })

  it('a file with an error is refused whole at submit: every problem listed, nothing recorded or sent', async () => {
    const before = (await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).length
    const path = join(files, 'bad.csv')
    await writeFile(path, batchCsv([...rows(), { destination: 'Nobody Ltd', amount: '1', wallet: ws.walletId }]))
    const result = await cli(home, ['batch', 'submit', path, '--profile', 'Sim', '--yes'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^error: .*Nobody Ltd/m)
    expect(result.stderr).toMatch(/Nothing was recorded or sent: fix the file and submit it again\.$/m)
    expect((await cli(home, ['outbox', '--profile', 'Sim'])).stdout).not.toMatch(/Nobody/)
    expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(before)
  })

  it('a recorded batch can be paused, then cancelled: its rows are discarded and never sent', async () => {
    const key = await registerKey(sim.sandbox.url, ws.workspaceId)
    const client = makeClient(sim.sandbox.url, key.signer)
    const store = DeskStore.open(profileDir(home, simId), 'test')
    const outbox = Outbox.open(store)
    const batch = await submitBatch(store, outbox, await checkBatchFile(client, batchCsv(rows())), {
      source: 'later.csv',
      requestedBy: 'test',
      confirmDuplicates: false,
      retypedTotal: null,
      production: false,
    })
    const keys = outbox.ofBatch(batch.id).map((e) => e.idempotencyKey)
    store.close()
    await client.sender.close()

    expect(await cli(home, ['batch', 'pause', batch.id, '--profile', 'Sim'])).toMatchObject({
      code: 0,
      stdout: 'Paused: sent 0/2: accepted 0, refused 0, unknown 0 (paused)\n',
    })
    expect(await cli(home, ['batch', 'cancel', batch.id, '--profile', 'Sim'])).toMatchObject({
      code: 0,
      stdout: 'Cancelled: sent 0/2: accepted 0, refused 0, unknown 0, discarded 2 (cancelled)\n',
    })
    const resumed = await cli(home, ['batch', 'resume', batch.id, '--profile', 'Sim'])
    expect(resumed).toMatchObject({
      code: 1,
      stderr: 'error: This batch was cancelled; its unsent rows were discarded and cannot be sent.\n',
    })
    const recorded = await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)
    expect(recorded.filter((w) => keys.includes(w.idempotency_key))).toEqual([])
  })

  it("a sent batch's status can be read fresh from the provider; the outbox lists its rows as JSON", async () => {
    const path = join(files, 'good.csv')
    await writeFile(path, batchCsv(rows()))
    const sent = await cli(home, ['batch', 'submit', path, '--profile', 'Sim'])
    expect(sent.code).toBe(0)
    const id = /^Batch (\S+): 2 rows recorded/m.exec(sent.stdout)![1]!
    const status = await cli(home, ['batch', 'status', id, '--profile', 'Sim', '--refresh', '--json'])
    expect(status.code).toBe(0)
    const report = JSON.parse(status.stdout) as {
      rows: Array<{ state: string; withdrawalId: string | null; payoutStatus: string | null }>
    }
    expect(report.rows.map((r) => r.state)).toEqual(['accepted', 'accepted'])
    expect(report.rows.every((r) => r.withdrawalId !== null && r.payoutStatus !== null)).toBe(true)
    const outbox = JSON.parse((await cli(home, ['outbox', '--profile', 'Sim', '--json'])).stdout) as {
      entries: Array<{ withdrawalId: string | null }>
      damaged: unknown[]
    }
    expect(outbox.damaged).toEqual([])
    expect(outbox.entries.map((e) => e.withdrawalId)).toEqual(
      expect.arrayContaining(report.rows.map((r) => r.withdrawalId)),
    )
  })
})

describe('destinations', () => {
  const add = (extra: string[]) => [
    'destinations',
    'add',
    '--profile',
    'Sim',
    '--network',
    'ethereum-sepolia',
    '--address',
    '0x' + 'ab'.repeat(20),
    '--type',
    'company',
    '--company-name',
    'Dana AG',
    '--wallet-type',
    'unhosted',
    '--country',
    'DE',
    '--label',
    'Dana AG',
    ...extra,
  ]

  it.each([
    [['--type', 'robot'], /--type is individual or company; got "robot"\./],
    [['--wallet-type', 'cold'], /--wallet-type is vasp or unhosted; got "cold"\./],
    [['--direction', 'receive'], /--direction is send or both; got "receive"\./],
  ])('%j is a usage error', async (flags, message) => {
    const result = await cli(home, [...add([]), ...flags])
    expect(result).toMatchObject({ code: 2, stderr: expect.stringMatching(message) })
  })

  it("wrong flags are refused before the profile's key or the provider is touched (a profile without a key still hears about --type)", async () => {
    await cli(home, [
      'profile',
      'add',
      '--name',
      'Keyless',
      '--env',
      'sandbox',
      '--base-url',
      sim.sandbox.url,
      '--algorithm',
      'hmac',
    ])
    const keyless = add(['--type', 'robot']).map((a) => (a === 'Sim' ? 'Keyless' : a))
    expect(await cli(home, keyless)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--type is individual or company; got "robot"\./),
    })
  })

  it('--json answers the destination and whether it was already in the book', async () => {
    const first = JSON.parse((await cli(home, add(['--direction', 'send', '--json']))).stdout) as {
      data: { label: string; status: string }
      already_exists: boolean
    }
    expect(first).toMatchObject({ data: { label: 'Dana AG', status: 'pending' }, already_exists: false })
    const again = JSON.parse((await cli(home, add(['--direction', 'send', '--json']))).stdout) as {
      already_exists: boolean
    }
    expect(again.already_exists).toBe(true)
  })
})

describe('declined confirmations and missing keys', () => {
  it('a profile is removed only on yes: Enter keeps it', async () => {
    await cli(home, [
      'profile',
      'add',
      '--name',
      'Keep',
      '--env',
      'sandbox',
      '--base-url',
      sim.sandbox.url,
      '--algorithm',
      'hmac',
    ])
    expect(await cli(home, ['profile', 'remove', 'Keep'], '', [''])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/This cannot be undone\. \[y\/N\] \nNothing removed\.\n$/),
    })
    expect((await cli(home, ['profile', 'list'])).stdout).toMatch(/ Keep /)
  })

  it('a key is deleted only on yes: "no" keeps it', async () => {
    expect(await cli(home, ['key', 'delete', '--profile', 'Sim'], '', ['no'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Nothing deleted\.\n$/),
    })
    expect((await cli(home, ['test', '--profile', 'Sim'])).code).toBe(0)
  })

  it('a new key over a registered one is refused without the set-id hint, which is for a key still waiting', async () => {
    const again = await cli(home, ['key', 'generate', '--profile', 'Sim'])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/^error: /)
    expect(again.stderr).not.toMatch(/key set-id/)
    expect((await cli(home, ['test', '--profile', 'Sim'])).code).toBe(0)
  })

  it('a profile without a Key ID has no history ledger, and says so', async () => {
    expect(await cli(home, ['history', 'report', '--profile', 'Keep', '--period', 'this-month'])).toMatchObject({
      code: 1,
      stderr: 'error: Profile "Keep" has no Key ID yet, so it has no history ledger.\n',
    })
  })

  it('a report needs both ends of a custom period', async () => {
    const result = await cli(home, ['history', 'report', '--profile', 'Sim', '--from', '2026-01-01T00:00:00Z'])
    expect(result).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^error: Give --from and --to, or --period\./),
    })
  })

  it('a held payout is rejected only with a reason the agent can read, and only when it is held', async () => {
    const reject = (reason: string) =>
      cli(home, ['held', 'reject', 'agent-key-1', '--profile', 'Sim', '--reason', reason])
    expect(await reject('x'.repeat(501))).toMatchObject({
      code: 1,
      stderr: 'error: A rejection needs a reason of 1 to 500 characters; the agent sees it.\n',
    })
    expect(await reject('ok \u202e evil')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^error: The reason .+\.\n$/),
    })
    expect(await reject('Too much today')).toMatchObject({
      code: 1,
      stderr: 'error: There is no payout with this Idempotency-Key in the outbox.\n',
    })
  })

  it('the policy of a profile whose agent write tools are off says that no agent request reaches it', async () => {
    const shown = await cli(home, ['policy', 'show', '--profile', 'Sim'])
    expect(shown.code).toBe(0)
    expect(shown.stdout).toMatch(
      /Agent write tools are off for this profile, so no agent request reaches these rules\./,
    )
  })
})
