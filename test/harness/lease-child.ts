/**
 * A live process holding a lease on the profile's store: it takes `resource`, prints "held" (or
 * "refused"), and stays alive, beating, until its stdin ends or it is killed.
 * Run: node --import tsx lease-child.ts <profile dir> <resource>
 */
import { DeskStore } from '../../electron/core/store'

const store = DeskStore.open(process.argv[2]!, 'test')
process.stdout.write(store.leases.tryTake(process.argv[3]!) ? 'held\n' : 'refused\n')
// The store's timers are unref'd: stdin is what keeps this process alive.
process.stdin.resume()
process.stdin.once('end', () => store.close())
