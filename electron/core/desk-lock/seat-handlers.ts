import type { ProfileSeatView, SecondPerson } from '../../../shared/ipc/channels/desk-lock'
import { DeskError } from '../errors'
import {
  fourEyesOn,
  personInWho,
  profileSeat,
  sameName,
  setFourEyes,
  setViewOnly,
  type Acting,
} from '../people/use-cases'
import type { WithProfileStore } from '../people/use-cases'
import type { ProfileStore } from '../profiles'
import type { Environment } from '../profiles/profile'
import type { DeskStore } from '../store'
import type { SecondAtDesk } from './second-at-desk'

export interface SeatHandlerDeps {
  profiles: ProfileStore
  stores: WithProfileStore
  seat: SecondAtDesk
}

/** A profile's view-only seat and four eyes in the app: shown to all, set by an admin (the gate and the act guard). */
export function seatHandlers({ profiles, stores, seat }: SeatHandlerDeps) {
  const view = (store: DeskStore, profileId: string, environment: Environment): ProfileSeatView => ({
    profileId,
    ...profileSeat(store, environment),
  })

  /**
   * Lifting view-only under four eyes, at one seat: the second admin's name and passphrase come with the ask, and the
   * two acts (ask, finish) are made at once. An ask another admin already made (the CLI) is finished by this one.
   */
  async function liftViewOnly(store: DeskStore, env: Environment, at: Acting, ask: SecondPerson | undefined) {
    const proposer = personInWho(profileSeat(store, env).viewOnlyOffProposedBy)
    if (!at.person || !fourEyesOn(store, env) || (proposer !== null && !sameName(proposer, at.name)))
      return setViewOnly(store, env, at, false)
    if (!ask)
      throw new DeskError(
        'second_person_required',
        'Turning view-only off takes a second admin (four eyes are on for this profile): they give their name and ' +
          'passphrase.',
      )
    const other = await seat.second(ask, 'profile', at)
    if (proposer === null) setViewOnly(store, env, at, false)
    return setViewOnly(store, env, other, false)
  }

  return {
    'seat.show': async ({ profileId }: { profileId: string }) => {
      const profile = await profiles.get(profileId)
      return stores(profile, (store) => view(store, profile.id, profile.environment))
    },
    'seat.set': async (input: { profileId: string; viewOnly?: boolean; fourEyes?: boolean; second?: SecondPerson }) => {
      const profile = await profiles.get(input.profileId)
      const env = profile.environment
      return stores(profile, async (store) => {
        const at = await seat.atDesk('profile', store)
        // View-only first: four eyes turned off in the same ask do not lift it alone.
        if (input.viewOnly === true || (input.viewOnly === false && !profileSeat(store, env).viewOnly))
          setViewOnly(store, env, at, input.viewOnly)
        else if (input.viewOnly === false) await liftViewOnly(store, env, at, input.second)
        if (input.fourEyes !== undefined) setFourEyes(store, input.fourEyes, at)
        return view(store, profile.id, env)
      })
    },
  }
}
