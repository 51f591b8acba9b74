/**
 * A process importing a destination file that is killed mid-run: it checks and records the file (or resumes an
 * import), and dies with SIGKILL when the answer to its Nth create POST arrives, before the row's outcome reaches
 * the store. Run: node --import tsx destinations-import-child.ts '<json>'
 */
import { readFile } from 'node:fs/promises'
import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { DestinationImports } from '../../electron/core/destinations/book-import'
import { checkImportFile } from '../../electron/core/destinations/book-import-check'
import { createEd25519Signer } from '../../electron/core/signing'
import { DeskStore } from '../../electron/core/store'

export interface ImportChildJob {
  baseUrl: string
  keyId: string
  secretHex: string
  storeDir: string
  /** Check and record this file first; without it, resume `importId`. */
  csvFile?: string
  importId?: string
  killAfterPosts: number
}

const job = JSON.parse(process.argv[2]!) as ImportChildJob
const store = DeskStore.open(job.storeDir, 'test')
let posts = 0
const sender = new RequestSender({
  baseUrl: job.baseUrl,
  signer: createEd25519Signer(job.keyId, Buffer.from(job.secretHex, 'hex')),
  pacer: new Pacer({ limit: 1_000_000, windowSeconds: 60, ledger: store.pacerLedger(job.baseUrl, job.keyId) }),
  backoff: { baseMs: 5, maxMs: 20 },
  maxAttempts: 6,
  audit: {
    record: (line) => {
      if (line.method === 'POST' && line.path.startsWith('/api/v1/counterparties') && ++posts >= job.killAfterPosts)
        process.kill(process.pid, 'SIGKILL')
    },
  },
})
const client = new ApiClient(sender, 'interactive')
const imports = new DestinationImports(store, client)
let importId = job.importId
if (job.csvFile)
  importId = imports.record(await checkImportFile(store, client, await readFile(job.csvFile)), 'import.csv', 'test').id
await imports.run(importId!)
process.stderr.write('destinations-import-child: finished the import before it was killed\n')
process.exit(3)
