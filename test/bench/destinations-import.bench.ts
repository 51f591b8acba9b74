import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { DestinationImports } from '../../electron/core/destinations/book-import'
import { checkImportFile } from '../../electron/core/destinations/book-import-check'
import { DeskStore } from '../../electron/core/store'
import { consoleCall, requestLog, setupWorkspace } from '../harness/api-fixture'
import { destinationCsv } from '../harness/destination-file'
import { spawnSimulator } from '../harness/simulator-process'

const LIMIT = 20
const WINDOW_S = 2
const ROWS = 200

/**
 * A destination import under a sliding window of 20 requests per 2 s, the client pacing the same through the
 * profile's store. N sequential requests take at least (ceil(N / L) - 1) * W (the last burst of L can start no
 * earlier), so that minimum over the time taken is the rate achieved after the first burst over the limit's rate.
 */
export default async function destinationsImportBench(): Promise<Record<string, number>> {
  const sim = await spawnSimulator()
  const dir = await mkdtemp(join(tmpdir(), 'dest-import-bench-'))
  try {
    const url = sim.sandboxUrl
    const ws = await setupWorkspace(url)
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: LIMIT, rate_limit_window_s: WINDOW_S })
    const store = DeskStore.open(dir, 'test')
    const client = new ApiClient(
      new RequestSender({
        baseUrl: url,
        signer: ws.key.signer,
        pacer: new Pacer({ limit: LIMIT, windowSeconds: WINDOW_S, ledger: store.pacerLedger(url, ws.key.keyId) }),
      }),
      'interactive',
    )
    const imports = new DestinationImports(store, client)
    const id = imports.record(
      await checkImportFile(store, client, destinationCsv(ROWS, 'bench')),
      'bench.csv',
      'bench',
    ).id
    // Let the check's reads leave the window, so the run measures pacing, not start-up.
    await new Promise((r) => setTimeout(r, WINDOW_S * 1000 + 100))
    const sent = async () => (await requestLog(url)).filter((r) => r.key_id === ws.key.keyId)
    const before = (await sent()).length
    const t0 = performance.now()
    const done = await imports.run(id)
    const seconds = (performance.now() - t0) / 1000
    store.close()
    await client.sender.close()
    await ws.client.sender.close()
    if (done.created !== ROWS) throw new Error(`the import created ${done.created} of ${ROWS} destinations`)
    const log = await sent()
    // The run's requests: the book read that settles rows answered before a stop, then one create per row.
    const requests = log.length - before
    return {
      destinations_import_rows: ROWS,
      destinations_import_seconds: seconds,
      destinations_import_pace_ratio: ((Math.ceil(requests / LIMIT) - 1) * WINDOW_S) / seconds,
      destinations_import_429s: log.filter((r) => r.status === 429).length,
    }
  } finally {
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  }
}
