import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { consoleCall, requestLog, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import type { HistoryChildJob } from '../../harness/history-child'
import { historySync, ledgerKeys, ledgerStore, legKey, simulatorLegs } from '../../harness/ledger-fixture'
import { tsChild } from '../../harness/ts-child'

const CHILD = join(__dirname, '../../harness/history-child.ts')

function runChild(job: HistoryChildJob): Promise<string | number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...tsChild(CHILD), JSON.stringify(job)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve(signal ?? code))
  })
}

describe('history sync across a real process kill', () => {
  let sim: RunningSimulator
  let ws: Workspace

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    ws = await setupWorkspace(sim.sandbox.url, 150)
  })
  afterAll(async () => {
    await ws.client.sender.close()
    await sim.close()
  })

  it('kill -9 while a page is in flight: the next start continues from the last committed page and reads at most that page again', async () => {
    const url = sim.sandbox.url
    const fx = await ledgerStore(url, ws.key.keyId)
    fx.store.close()
    const job: HistoryChildJob = {
      baseUrl: url,
      keyId: ws.key.keyId,
      secretHex: Buffer.from(ws.key.secret).toString('hex'),
      storeDir: fx.dir,
      pageLimit: 10,
      killAtPage: 6,
    }
    expect(await runChild(job)).toBe('SIGKILL')

    const again = await ledgerStore(url, ws.key.keyId, fx.dir)
    try {
      const walk = again.ledger.state().walk!
      expect(walk.pages).toBe(5)
      expect(ledgerKeys(again.ledger)).toHaveLength(walk.rows)
      const resumed = await historySync(again.store, again.ledger, ws.client, { pageLimit: 10 }).run(
        new AbortController().signal,
      )
      const listCalls = (await requestLog(url)).filter(
        (r) => r.key_id === ws.key.keyId && r.path.startsWith('/api/v1/transactions?'),
      ).length
      const pagesOfOneWalk = walk.pages + resumed.pages
      expect(listCalls - pagesOfOneWalk).toBe(1)
      const keys = ledgerKeys(again.ledger)
      expect(new Set(keys).size).toBe(keys.length)
      expect(keys.sort()).toEqual((await simulatorLegs(url, ws.workspaceId)).map(legKey).sort())
    } finally {
      await again.dispose()
    }
  })
})
