/**
 * A live process with a payout in flight: it records an entry as `sending` in the profile's store,
 * prints its Idempotency-Key, and stays alive (beating) without an answer until its stdin ends or
 * it is killed. Run: node --import tsx holding-child.ts <profile dir>
 */
import { Outbox } from '../../electron/core/payouts/outbox'
import { DeskStore } from '../../electron/core/store'

const store = DeskStore.open(process.argv[2]!, 'test')
const entry = await Outbox.open(store).add(
  {
    wallet_id: 'w1',
    asset: 'USDC',
    amount: '3.50',
    destination: '0x52908400098527886E0F7030069857D2E4169EE7',
    network: 'ethereum-sepolia',
  },
  'holder',
)
process.stdout.write(`${entry.idempotencyKey}\n`)
// The store's timers are unref'd: stdin is what keeps this process alive, as a pending request would.
process.stdin.resume()
process.stdin.once('end', () => store.close())
