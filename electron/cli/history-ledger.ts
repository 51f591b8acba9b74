import { DeskError } from '../core/errors'
import type { Profile } from '../core/profiles'

/** The ledger of the profile's active key; a profile without a Key ID has none. */
export function keyIdOf(profile: Profile): string {
  if (!profile.keyId) throw new DeskError('key_not_found', `Profile "${profile.name}" has no Key ID yet, so it has no history ledger.`)
  return profile.keyId
}
