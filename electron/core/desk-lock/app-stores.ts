import type { WithProfileStore } from '../people/use-cases'
import { profileDir } from '../profiles'
import type { Profile } from '../profiles/profile'
import type { TreasurySession } from '../session'
import { withProfileStore } from '../session/profile-store'

/**
 * The app's way to a profile's store for one write: the open session's when it serves that profile (one writer in
 * this process), else the profile's store opened for the call.
 */
export function appProfileStores(
  dataDir: string,
  session: () => Promise<TreasurySession>,
  current: () => Promise<Profile | null>,
): WithProfileStore {
  return async (profile, work) => {
    if ((await current())?.id === profile.id && profile.keyId) return work((await session()).store)
    return withProfileStore(profileDir(dataDir, profile.id), 'app', work)
  }
}
