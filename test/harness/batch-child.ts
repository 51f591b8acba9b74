/**
 * A process sending a batch that is killed mid-run: it submits the batch from a CSV file (or
 * resumes one), and dies with SIGKILL when the answer to its Nth payout POST arrives, before the
 * outcome reaches the outbox. Run: node --import tsx batch-child.ts '<json>'
 */
import { readFile } from 'node:fs/promises'
import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { checkBatchFile } from '../../electron/core/batch/batch-check'
import { BatchRunner } from '../../electron/core/batch/batch-runner'
import { submitBatch } from '../../electron/core/batch/batch-submit'
import { Outbox } from '../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../electron/core/payouts/payout-requests'
import { createEd25519Signer } from '../../electron/core/signing'
import { DeskStore } from '../../electron/core/store'

export interface BatchChildJob {
  baseUrl: string
  keyId: string
  secretHex: string
  storeDir: string
  /** Submit this file first; without it, resume `batchId`. */
  csvFile?: string
  batchId?: string
  /** Die when the answer to this many payout POSTs (counting retries) has arrived. */
  killAfterPosts: number
  /** Requests the child may start in a window (default: as fast as the provider answers), so a test can watch it. */
  pace?: { limit: number; windowSeconds: number }
}

const job = JSON.parse(process.argv[2]!) as BatchChildJob
const store = DeskStore.open(job.storeDir, 'test')
let posts = 0
const sender = new RequestSender({
  baseUrl: job.baseUrl,
  signer: createEd25519Signer(job.keyId, Buffer.from(job.secretHex, 'hex')),
  pacer: new Pacer({
    ...(job.pace ?? { limit: 1_000_000, windowSeconds: 60 }),
    ledger: store.pacerLedger(job.baseUrl, job.keyId),
  }),
  backoff: { baseMs: 5, maxMs: 20 },
  maxAttempts: 6,
  audit: {
    record: (line) => {
      if (line.method === 'POST' && line.path.startsWith('/api/v1/withdrawals') && ++posts >= job.killAfterPosts)
        process.kill(process.pid, 'SIGKILL')
    },
  },
})
const client = new ApiClient(sender, 'interactive')
const payouts = new PayoutRequests(Outbox.open(store), client)
let batchId = job.batchId
if (job.csvFile) {
  const check = await checkBatchFile(client, await readFile(job.csvFile))
  batchId = (
    await submitBatch(store, payouts.outbox, check, {
      source: 'soak.csv',
      requestedBy: 'soak-child',
      confirmDuplicates: false,
      retypedTotal: null,
      production: false,
    })
  ).id
}
await new BatchRunner(store, payouts, { unknownDelayMs: 50 }).run(batchId!)
process.stderr.write('batch-child: finished the batch before it was killed\n')
process.exit(3)
