import type { ChannelName } from '../../../shared/ipc/channels'
import { DeskError } from '../errors'
import { isViewOnly, type WithProfileStore } from '../people/use-cases'
import type { ProfileStore } from '../profiles'
import { WRITES } from './channel-rules'

/**
 * Writes that are not on one profile's data (profiles, people, the lock's times), the seat itself (lifting
 * view-only), and a resend of an attempt already made, which the send gate lets complete.
 */
const NOT_ON_THE_PROFILE: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'profiles.create',
  'profiles.remove',
  'quickstart.simulator',
  'people.add',
  'people.remove',
  'people.setPassphrase',
  'people.setRole',
  'lock.setTimes',
  'seat.set',
  'payouts.resend',
])

/**
 * The app's side of a view-only profile, as the CLI's act guard has it: every write on it is refused with
 * `view_only`, whoever is at the desk (the profile is the one the input names, else the open one).
 */
export function viewOnlyGate(profiles: ProfileStore, stores: WithProfileStore) {
  return async (channel: ChannelName, input: unknown): Promise<void> => {
    if (!WRITES.has(channel) || NOT_ON_THE_PROFILE.has(channel)) return
    const id = typeof input === 'object' && input !== null ? (input as { profileId?: unknown }).profileId : undefined
    const profile = typeof id === 'string' ? (await profiles.list()).find((p) => p.id === id) : await profiles.current()
    if (profile && (await stores(profile, isViewOnly)))
      throw new DeskError('view_only', 'This profile is view-only: nothing on it can be changed or sent.')
  }
}
