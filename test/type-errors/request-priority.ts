import { z } from 'zod'
import type { ApiClient } from '../../electron/core/api/api-client'
import type { ApiRequest } from '../../electron/core/api/api-request'
import { WithdrawalPoller } from '../../electron/core/payouts/poller'

/** Every request says who waits for it, and a service that runs on its own cannot be handed a person's client. */
const schema = z.unknown()
type Req = ApiRequest<typeof schema>
declare const person: ApiClient<'interactive'>
const emit = () => undefined

export const read: Req = { kind: 'read', method: 'GET', path: '/api/v1/wallets', schema, priority: 'interactive' }
export const readWithoutPriority: Req = { kind: 'read', method: 'GET', path: '/api/v1/wallets', schema } // must not compile
export const readOfNoOne: Req = { kind: 'read', method: 'GET', path: '/api/v1/wallets', schema, priority: 'later' } // must not compile
export const poller = new WithdrawalPoller({ client: person.as('background'), profileId: 'p', emit })
export const pollerOnAPersonsClient = new WithdrawalPoller({ client: person, profileId: 'p', emit }) // must not compile
