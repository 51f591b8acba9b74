import { DeskError } from '../errors'
import type { Environment } from '../profiles/profile'
import { profileAccess, type DeskStore } from '../store'
import { fourEyesOn, type Acting } from './act-guard'
import { sameName } from './person'

/** The person a stored "who" names: `cli (alice)` and `app (alice)` give alice; `agent` or a bare surface, null. */
export function personInWho(by: string | null): string | null {
  if (!by) return null
  const match = /^(?:app|cli) \((.+)\)$/.exec(by.trim())
  return match?.[1] ?? null
}

/** Who added a destination at this desk (as stored: `cli (alice)`), or null when it came another way. */
export const destinationAdder = (store: DeskStore, destinationId: string): string | null =>
  store.read('read who added the destination', () => store.repo(profileAccess).destinationAdder(destinationId))

export interface SecondPersonAsk {
  store: DeskStore
  environment: Environment
  acting: Acting
  /** Who started what is now finished (added the address, requested the payout, proposed the change), as stored. */
  startedBy: string | null
  /** What is finished, for the refusal: "This payee change". */
  what: string
}

/**
 * Four eyes inside the desk: on a profile where they apply, whoever finishes an act that moves trust (a payee
 * change's confirmation, a release, an acknowledgement, a loosening, lifting view-only) is not who started it. A desk
 * without people has nobody to tell apart, and works as before. Viewers never get here: `authorizeAct` refused them.
 */
export function requireSecondPerson(ask: SecondPersonAsk): void {
  const person = ask.acting.person
  if (!person || !fourEyesOn(ask.store, ask.environment)) return
  const starter = personInWho(ask.startedBy)
  if (starter !== null && sameName(starter, person.name))
    throw new DeskError(
      'second_person_required',
      `${ask.what} was started by ${person.name}; four eyes are on for this profile, so another treasurer or admin ` +
        'must finish it.',
    )
}
