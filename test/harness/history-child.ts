/**
 * A process that syncs a profile's history and is killed mid-sync: it dies with SIGKILL when the
 * answer to its `killAtPage`-th transaction page arrives, before that page reaches the ledger.
 * Run: node --import tsx history-child.ts '<json>'
 */
import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { HistorySync } from '../../electron/core/history/history-sync'
import { openLedger } from '../../electron/core/history/ledger-scope'
import { createEd25519Signer } from '../../electron/core/signing'
import { DeskStore } from '../../electron/core/store'

export interface HistoryChildJob {
  baseUrl: string
  keyId: string
  secretHex: string
  storeDir: string
  pageLimit: number
  killAtPage: number
}

const job = JSON.parse(process.argv[2]!) as HistoryChildJob
let pages = 0
const sender = new RequestSender({
  baseUrl: job.baseUrl,
  signer: createEd25519Signer(job.keyId, Buffer.from(job.secretHex, 'hex')),
  pacer: new Pacer({ limit: 100_000, windowSeconds: 1 }),
  audit: {
    record: (line) => {
      if (line.path.startsWith('/api/v1/transactions?') && ++pages === job.killAtPage)
        process.kill(process.pid, 'SIGKILL')
    },
  },
})
const client = new ApiClient(sender, 'interactive')
const store = DeskStore.open(job.storeDir, 'test')
const { ledger } = openLedger(store, job.baseUrl, job.keyId)
await new HistorySync({ client, store, ledger, pacer: sender.pacer }, { pageLimit: job.pageLimit }).run(
  new AbortController().signal,
)
process.stderr.write('history-child: expected to be killed before the sync finished\n')
process.exit(3)
