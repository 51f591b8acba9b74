import type { homeChannels } from '../../../shared/ipc/channels/home'
import type { HandlersFor } from '../ipc/router'
import type { ProfileStore } from '../profiles'
import { profilesAtAGlance } from './use-cases'

/** The Home screen's one read: every profile's store, never a provider. */
export function homeHandlers(dataDir: string, profiles: ProfileStore): HandlersFor<typeof homeChannels> {
  return {
    'home.summary': () => profilesAtAGlance(dataDir, profiles),
  }
}
