/**
 * One of several payout processes on one profile store, killed (-9) at random by the soak: it
 * opens the store as the app does (its own registration, the shared pacer log, the audit chain),
 * prints "token <its process token>", then makes `payouts` payout requests one after another,
 * printing "ok" after each. Run: node --import tsx soak-worker.ts '<json SoakWorkerJob>'
 */
import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { AuditLog } from '../../electron/core/audit/audit-log'
import { Outbox } from '../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../electron/core/payouts/payout-requests'
import { createEd25519Signer } from '../../electron/core/signing'
import { DeskStore } from '../../electron/core/store'

export interface SoakWorkerJob {
  baseUrl: string
  keyId: string
  secretHex: string
  storeDir: string
  body: { wallet_id: string; asset: string; destination: string; network: string }
  payouts: number
}

const job = JSON.parse(process.argv[2]!) as SoakWorkerJob
const store = DeskStore.open(job.storeDir, 'test')
process.stdout.write(`token ${store.processes.token}\n`)
const client = new ApiClient(
  new RequestSender({
    baseUrl: job.baseUrl,
    signer: createEd25519Signer(job.keyId, Buffer.from(job.secretHex, 'hex')),
    pacer: new Pacer({ limit: 100_000, windowSeconds: 1, ledger: store.pacerLedger(job.baseUrl, job.keyId) }),
    audit: new AuditLog(store, 'soak-worker'),
    maxAttempts: 6,
    backoff: { baseMs: 5, maxMs: 20 },
  }),
  'interactive',
)
const payouts = new PayoutRequests(Outbox.open(store), client)
for (let i = 0; i < job.payouts; i++) {
  await payouts.request(
    { ...job.body, amount: `0.${String(1 + (i % 999)).padStart(3, '0')}` },
    { requestedBy: `worker ${process.pid}` },
  )
  process.stdout.write('ok\n')
}
await client.sender.close()
store.close()
