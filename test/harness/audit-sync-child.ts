/**
 * Records `lines` attempts in a new profile store's audit log, then one payout in its outbox, and exits: run under
 * strace to count the disk waits an attempt's audit row costs.
 * Run: node --import tsx audit-sync-child.ts <dir> <lines>
 */
import { AuditLog } from '../../electron/core/audit/audit-log'
import { Outbox } from '../../electron/core/payouts/outbox'
import { DeskStore } from '../../electron/core/store'

const [dir, lines] = [process.argv[2]!, Number(process.argv[3])]
const store = DeskStore.open(dir, 'test')
const audit = new AuditLog(store, 'app', (err) => {
  throw err
})
for (let i = 0; i < lines; i++)
  audit.record({
    at: new Date().toISOString(),
    method: 'GET',
    path: '/api/v1/wallets',
    status: 200,
    errorCode: null,
    requestId: `r${i}`,
    idempotencyKey: null,
  })
const body = { wallet_id: 'w1', asset: 'USDC', amount: '1.5', destination: '0xabc', network: 'ethereum-sepolia' }
await Outbox.open(store).add(body, 'app')
store.close()
