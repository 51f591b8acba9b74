import type { appChannels } from '../../../shared/ipc/channels/app'
import { appInfo, type Shell } from '../app-info'
import type { HandlersFor } from '../ipc/router'

/** Handlers for every channel of `shared/ipc/channels/app.ts`. */
export function appHandlers(
  shell: Shell,
  version: string,
  copyAddress: HandlersFor<typeof appChannels>['app.copyAddress'],
): HandlersFor<typeof appChannels> {
  return {
    'app.info': () => appInfo(shell, version),
    'app.copyAddress': copyAddress,
  }
}
