import type { ChannelOutput } from '../../shared/ipc/channels'
import type { appChannels } from '../../shared/ipc/channels/app'
import type { profileChannels } from '../../shared/ipc/channels/profiles'
import type { HandlersFor } from '../../electron/core/ipc/router'

/** A channel group's handler table names every channel of its group and nothing else. */
declare const info: ChannelOutput<'app.info'>

export const complete: HandlersFor<typeof appChannels> = { 'app.info': () => info }

export const missingChannels: HandlersFor<typeof profileChannels> = { 'profiles.list': async () => [] } // must not compile
export const foreignChannel: HandlersFor<typeof appChannels> = { 'app.info': () => info, 'profiles.list': async () => [] } // must not compile
