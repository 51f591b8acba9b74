import type { ChannelOutput } from '../../shared/ipc/channels'
import type { appChannels } from '../../shared/ipc/channels/app'
import type { profileChannels } from '../../shared/ipc/channels/profiles'
import type { Handler, HandlersFor } from '../../electron/core/ipc/router'
import type { batchHandlers } from '../../electron/core/batch/handlers'
import type { policyHandlers } from '../../electron/core/policy/handlers'

/** A channel group's handler table names every channel of its group and nothing else. */
declare const info: ChannelOutput<'app.info'>

export const complete: HandlersFor<typeof appChannels> = {
  'app.info': () => info,
  'app.copyAddress': async () => ({ copied: true }),
}

export const missingChannels: HandlersFor<typeof profileChannels> = { 'profiles.list': async () => [] } // must not compile
export const foreignChannel: HandlersFor<typeof appChannels> = {
  'app.info': () => info,
  'profiles.list': async () => [], // must not compile
}

/** The batch and policy groups are exhaustive too: each handler is there, and a channel of another group is not. */
declare const batch: ReturnType<typeof batchHandlers>
declare const policy: ReturnType<typeof policyHandlers>
export const batchCheck: Handler<'batch.check'> = batch['batch.check']
export const heldReject: Handler<'held.reject'> = policy['held.reject']
export const batchForeign = batch['payouts.request'] // must not compile
export const policyForeign = policy['batch.check'] // must not compile
