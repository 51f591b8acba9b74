import { openAlterations } from '../alterations/use-cases'
import type { Environment } from '../profiles/profile'
import { readOutbox } from '../payouts/use-cases'
import type { DeskStore } from '../store'
import { who } from '../audit/use-cases'
import type { Acting } from './act-guard'
import { destinationAdder, requireSecondPerson } from './four-eyes'
import { PeopleFileStore } from './people-file'
import type { Person } from './person'

/** An act that moves trust, by what it finishes: each surface names it the same way. */
export type TrustAct =
  | { kind: 'payee_confirm'; destinationId: string }
  | { kind: 'release'; key: string }
  | { kind: 'acknowledge'; ref: string }

/** How a surface asks four eyes of the act it is about to finish, on the store of the profile it acts on. */
export type SecondPersonCheck = (store: DeskStore, environment: Environment, act: TrustAct) => Promise<void>

/**
 * The app's four eyes: `atDesk()` is the person the lock let in (null on a desk without people). Four eyes need
 * people; a desk without them works as before.
 */
export const secondPersonAtDesk =
  (deskDir: string, atDesk: () => Person | null): SecondPersonCheck =>
  async (store, environment, act) => {
    const person = atDesk()
    if (!person || (await new PeopleFileStore(deskDir).list()).length === 0) return
    const acting: Acting = { person, name: person.name, by: who('app', person.name), surface: 'app' }
    requireSecondPersonFor(store, environment, acting, act)
  }

const requesterOf = (store: DeskStore, key: string | undefined): string | null =>
  key === undefined ? null : (readOutbox(store).entries.find((e) => e.idempotencyKey === key)?.requestedBy ?? null)

/**
 * Four eyes on an act that moves trust, with who started it looked up where the desk keeps it: who added the
 * destination, who requested the payout that is released or was altered. The app's handlers and the CLI call this
 * before the act, with the acting person `authorizeAct` gave them.
 */
export function requireSecondPersonFor(
  store: DeskStore,
  environment: Environment,
  acting: Acting,
  act: TrustAct,
): void {
  const ask = { store, environment, acting }
  switch (act.kind) {
    case 'payee_confirm':
      return requireSecondPerson({
        ...ask,
        startedBy: destinationAdder(store, act.destinationId),
        what: 'This payee change',
      })
    case 'release':
      return requireSecondPerson({ ...ask, startedBy: requesterOf(store, act.key), what: 'This payout' })
    case 'acknowledge': {
      const altered = openAlterations(store).find((a) => a.withdrawalId === act.ref || a.key === act.ref)
      return requireSecondPerson({ ...ask, startedBy: requesterOf(store, altered?.key), what: 'This altered payout' })
    }
  }
}
