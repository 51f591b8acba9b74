import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'csv-parse/sync'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { MemorySecretStore } from '../../harness/memory-secret-store'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'

// The Payouts screen's CSV export (withdrawals.export) through the desk router, against the simulator.
let sim: Awaited<ReturnType<typeof startSimulator>>
let ws: Workspace
let dir: string
let desk: Desk
let saveAs = 'payouts.csv'
const made: string[] = []

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
  ws = await setupWorkspace(sim.sandbox.url)
  dir = await mkdtemp(join(tmpdir(), 'payouts-export-'))
  desk = await createDesk({
    dataDir: dir,
    shell: 'test',
    version: '0.0.0',
    secretStore: new MemorySecretStore(),
    chooseSavePath: async () => join(dir, saveAs),
  })
  const profile = await desk.router.call('profiles.create', {
    name: 'Export',
    environment: 'sandbox',
    baseUrl: sim.sandbox.url,
    algorithm: 'ed25519',
  })
  await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profile.id)
  await desk.router.call('profiles.select', { profileId: profile.id })
  // 101 payouts: more than one page (100) of the provider's list.
  for (let i = 1; i <= 101; i++)
    made.push((await ws.client.createWithdrawal({ ...ws.target, amount: `${i}.5` }, randomUUID())).withdrawal.id)
  await ws.client.cancelWithdrawal(made[0]!)
})
afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

type Row = Record<string, string>
const exported = async (query: Record<string, string>) => {
  const result = await desk.router.call('withdrawals.export', query)
  return { result, rows: parse(await readFile(result.path!, 'utf8'), { columns: true }) as Row[] }
}

describe('payouts export', () => {
  it('writes every payout once, across pages, with the wallet name and destination label beside their ids', async () => {
    const { result, rows } = await exported({})
    expect(result).toMatchObject({ path: join(dir, 'payouts.csv'), rows: 101, cancelled: false })
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'created_at',
      'updated_at',
      'status',
      'wallet_id',
      'wallet_name',
      'amount',
      'asset',
      'network',
      'destination',
      'destination_label',
      'tx_hash',
      'reference',
      'note',
      'invoice',
    ])
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(made))
    const book = await ws.client.listCounterparties()
    const label = book.find((c) => c.address.toLowerCase() === ws.target.destination.toLowerCase())!.label
    expect(rows.find((r) => r.id === made[41])).toMatchObject({
      wallet_id: ws.walletId,
      wallet_name: 'Test wallet',
      amount: '42.5',
      asset: 'USDC',
      destination_label: label,
    })
  })

  it('keeps only the status asked for, as the list on screen does', async () => {
    saveAs = 'cancelled.csv'
    const { result, rows } = await exported({ status: 'cancelled' })
    expect(result.rows).toBe(1)
    expect(rows.map((r) => [r.id, r.status])).toEqual([[made[0], 'cancelled']])
  })

  it('a wallet filter that matches nothing writes the header alone', async () => {
    saveAs = 'none.csv'
    const { result, rows } = await exported({ wallet_id: 'wal_not_ours' })
    expect(result.rows).toBe(0)
    expect(rows).toEqual([])
    expect((await readFile(result.path!, 'utf8')).trimEnd()).toBe(
      'id,created_at,updated_at,status,wallet_id,wallet_name,amount,asset,network,destination,destination_label,tx_hash,reference,note,invoice',
    )
  })
})
