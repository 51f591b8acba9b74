import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { consoleCall, makeClient, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { historySync, ledgerStore } from '../../harness/ledger-fixture'
import { cli, cliProfile } from '../../harness/cli-runner'
import { simConsole } from '../../harness/sim-console'
import { tamperProxy } from '../../harness/tamper-proxy'

describe('a history sync bounded by progress', () => {
  let sim: RunningSimulator
  let ws: Workspace
  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    ws = await setupWorkspace(sim.sandbox.url, 120)
  })
  afterAll(async () => {
    await ws.client.sender.close()
    await sim.close()
  })

  it('ends with an error naming the cursor when each page carries a new cursor and the same movements', async () => {
    const proxy = await tamperProxy(sim.sandbox.url)
    const through = makeClient(proxy.url, ws.key.signer)
    const own = await ledgerStore(proxy.url, ws.key.keyId)
    try {
      // The first page's movements again and again, each time with the provider's next (new) cursor.
      let first: unknown[] = []
      let last: unknown = null
      proxy.tamper = (body, n) => {
        if (n === 1) first = body.data
        last = body.meta.next_cursor
        return n === 1 ? null : { ...body, data: first }
      }
      const err = await historySync(own.store, own.ledger, through, { pageLimit: 10 })
        .run(new AbortController().signal)
        .catch((e: unknown) => e)
      expect(typeof last).toBe('string')
      expect(err).toMatchObject({
        name: 'PagingStuckError',
        code: 'invalid_response',
        cursor: last,
        message: expect.stringContaining(String(last)),
      })
      expect((err as Error).message).toMatch(/5 pages in a row that added no movement and reached no older time/)
      // The first page, then 5 that brought nothing new.
      expect(proxy.listCalls).toBe(6)
      expect(own.ledger.summary().lastError).toContain(String(last))
    } finally {
      await through.sender.close()
      await own.dispose()
      await proxy.close()
    }
  })

  it('ends `payout-desk history sync` the same way, with a non-zero exit naming the cursor', async () => {
    const proxy = await tamperProxy(sim.sandbox.url)
    const home = await mkdtemp(join(tmpdir(), 'sync-bound-cli-'))
    try {
      const sandbox = simConsole(sim.sandbox.url)
      const workspace = (await sandbox.createWorkspace('Repeating pages')).id
      const wallet = (
        await sandbox.createWallet(workspace, 'Main', [
          { asset: 'USDC', network: 'ethereum-sepolia', amount: '1000', available: '1000', decimals: 6 },
        ])
      ).id
      // Enough movements for more than six real pages of 100, so the real cursor moves on every time.
      await sandbox.addTransactions({ wallet_id: wallet, generate: 700 })
      await cliProfile(home, proxy.url, (key) => sandbox.registerEd25519Key(workspace, key), { name: 'Loop' })
      let first: unknown[] = []
      let last: unknown = null
      proxy.tamper = (body, n) => {
        if (n === 1) first = body.data
        last = body.meta.next_cursor
        return n === 1 ? null : { ...body, data: first }
      }
      const run = await cli(home, ['history', 'sync', '--profile', 'Loop'])
      expect(run.code).not.toBe(0)
      expect(run.stderr).toMatch(/5 pages in a row that added no movement and reached no older time/)
      expect(run.stderr).toContain(String(last))
      expect(proxy.listCalls).toBe(6)
    } finally {
      await cli(home, ['key', 'delete', '--profile', 'Loop', '--yes'])
      await proxy.close()
      await rm(home, { recursive: true, force: true })
    }
  }, 60_000)
})
