/**
 * A client process that is killed mid-payout: it writes the outbox entry, then dies either
 * right after the commit (`written`, nothing sent) or when the provider's first answer arrives
 * but before the outcome reaches the outbox (`answer`). Run: node --import tsx payout-child.ts '<json>'
 */
import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { DeskStore } from '../../electron/core/store'
import { Outbox } from '../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../electron/core/payouts/payout-requests'
import { createEd25519Signer } from '../../electron/core/signing'

export interface ChildJob {
  baseUrl: string
  keyId: string
  secretHex: string
  /** The profile folder whose store the child opens. */
  storeDir: string
  body: { wallet_id: string; asset: string; amount: string; destination: string; network?: string }
  killOn: 'written' | 'answer'
}

const die = () => process.kill(process.pid, 'SIGKILL')
const job = JSON.parse(process.argv[2]!) as ChildJob
const sender = new RequestSender({
  baseUrl: job.baseUrl,
  signer: createEd25519Signer(job.keyId, Buffer.from(job.secretHex, 'hex')),
  pacer: new Pacer({ limit: 100_000, windowSeconds: 1 }),
  audit: { record: () => (job.killOn === 'answer' ? die() : undefined) },
})
const outbox = Outbox.open(DeskStore.open(job.storeDir, 'test'))
if (job.killOn === 'written') outbox.onChange(die)
await new PayoutRequests(outbox, new ApiClient(sender, 'interactive')).request(job.body, { requestedBy: 'soak-child' })
process.stderr.write('payout-child: expected to be killed before the payout finished\n')
process.exit(3)
