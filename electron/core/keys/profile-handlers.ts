import type { profileChannels } from '../../../shared/ipc/channels/profiles'
import type { HandlersFor } from '../ipc/router'
import { DeskError } from '../errors'
import type { ProfileKeys } from './profile-keys'
import { quickStartSimulator, type EmbeddedSimulator } from './quick-start'

export interface ProfileHandlerDeps {
  keys: ProfileKeys
  /** Starts (or returns the running) embedded simulator; absent where the shell has none. */
  embeddedSimulator?: EmbeddedSimulator
  /** Opens a URL in the system browser; the shell guards which URLs it accepts. */
  openExternal?: (url: string) => Promise<void>
}

/** Handlers for every channel of `shared/ipc/channels/profiles.ts`. No output ever carries a secret. */
export function profileHandlers({
  keys,
  embeddedSimulator,
  openExternal,
}: ProfileHandlerDeps): HandlersFor<typeof profileChannels> {
  const needSimulator = (): EmbeddedSimulator => {
    if (!embeddedSimulator) throw new DeskError('not_supported', 'This build has no embedded simulator.')
    return embeddedSimulator
  }

  return {
    'profiles.list': async () => Promise.all((await keys.profiles.list()).map((p) => keys.view(p))),
    'profiles.create': async (input) => keys.view(await keys.create(input, input.algorithm === 'ed25519')),
    'profiles.remove': async ({ profileId }) => {
      await keys.remove(profileId)
      return { removed: true as const }
    },
    'profiles.select': async ({ profileId }) => keys.view(await keys.select(profileId)),
    'profiles.current': async () => {
      const current = await keys.profiles.current()
      return current ? keys.view(current) : null
    },
    'profiles.setAgentWriteTools': async ({ profileId, enabled, confirmProduction }) =>
      keys.view(await keys.setAgentWriteTools(profileId, enabled, confirmProduction)),
    'keys.generate': ({ profileId }) => keys.generate(profileId),
    'keys.publicKey': ({ profileId, which }) => keys.publicKey(profileId, which),
    'keys.setKeyId': async ({ profileId, keyId, which, replace }) =>
      keys.view(await keys.setKeyId(profileId, keyId, which, { replace })),
    'keys.importHmac': async ({ profileId, keyId, secret }) =>
      keys.view(await keys.importHmac(profileId, keyId, secret)),
    'keys.rotate': ({ profileId }) => keys.rotate(profileId),
    'keys.cancelRotation': async ({ profileId }) => keys.view(await keys.cancelRotation(profileId)),
    'keys.delete': async ({ profileId, typedName }) => keys.view(await keys.deleteKey(profileId, { typedName })),
    'keys.test': ({ profileId, which }) => keys.test(profileId, which),
    'quickstart.simulator': () => quickStartSimulator(keys, needSimulator()),
    'simulator.openConsole': async () => {
      const { consoleUrl } = await needSimulator()()
      await openExternal?.(consoleUrl)
      return { url: consoleUrl }
    },
  }
}
