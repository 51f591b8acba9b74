import { QueryClient } from '@tanstack/react-query'
import { channelKey, deskKey } from '../../renderer/src/data/desk-keys'
import { markOld } from '../../renderer/src/data/desk-events'
import type { WRITE_STALES } from '../../renderer/src/data/write-stales'

/** Query keys come from read channels: marking old a read that is never cached, or a write, does not compile. */
const client = new QueryClient()
export const known = markOld(client, ['payouts.outbox', 'withdrawals.list'])
export const keyOfRead = channelKey('held.list')
export const detail = deskKey('withdrawals.get', { withdrawalId: 'w' })

export const notCached = markOld(client, ['destinations.importCheck']) // must not compile
export const aWrite = channelKey('payouts.request') // must not compile
export const typo = deskKey('withdrawal.get', { withdrawalId: 'w' }) // must not compile
export const writeMarksWrite: (typeof WRITE_STALES)['held.setExpiry'] = ['held.setExpiry'] // must not compile
