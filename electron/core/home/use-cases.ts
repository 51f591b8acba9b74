import type { HomeSummary } from '../../../shared/ipc/channels/home'
import type { ProfileStore } from '../profiles'
import { homeSummary } from './home-summary'

/** Home's entry for every surface: each profile at a glance from its store on this computer, never a provider. */
export async function profilesAtAGlance(dataDir: string, profiles: ProfileStore): Promise<HomeSummary> {
  return homeSummary(dataDir, await profiles.list())
}
