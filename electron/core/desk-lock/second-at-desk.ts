import type { SecondPerson } from '../../../shared/ipc/channels/desk-lock'
import { DeskError } from '../errors'
import { authorizeAct, fourEyesOn, sameName, verified, type Acting, type WriteAct } from '../people/use-cases'
import type { Environment } from '../profiles/profile'
import type { DeskStore } from '../store'
import type { DeskLock } from './desk-lock'

/**
 * Four eyes at one seat of the app: the person at the desk and a second person who types their name and passphrase
 * into the same window. The passphrase is checked by the lock (its tries and waits count), the second person's role
 * by the act guard (`release`: a treasurer or an admin; `profile`: an admin), and they are not the one at the desk.
 */
export function secondAtDesk(dataDir: string, lock: DeskLock) {
  async function second(ask: SecondPerson, act: WriteAct, at: Acting): Promise<Acting> {
    const person = verified(await lock.verifySecond(ask.name, ask.passphrase))
    const acting = await authorizeAct({ dataDir, surface: 'app', person, act, store: null })
    if (at.person && sameName(acting.name, at.person.name))
      throw new DeskError('second_person_required', `The second person is someone other than ${at.name}.`)
    return acting
  }

  /** The acting person at the desk (null when the desk has no people) for a write act on a profile. */
  const atDesk = (act: WriteAct, store: DeskStore | null): Promise<Acting> => {
    const person = lock.atDesk
    return authorizeAct({ dataDir, surface: 'app', person: person ? verified(person) : null, act, store })
  }

  return {
    second,
    atDesk,
    /**
     * What a policy change carries for four eyes (PolicyEditor.fourEyes): nothing without people or with four eyes
     * off; else the second person named and checked (null when none was, which a loosening refuses).
     */
    async policyFourEyes(
      store: DeskStore,
      environment: Environment,
      ask: SecondPerson | undefined,
    ): Promise<{ second: string | null } | undefined> {
      const at = await atDesk('policy', store)
      if (!at.person || !fourEyesOn(store, environment)) return undefined
      return { second: ask ? (await second(ask, 'release', at)).name : null }
    },
  }
}

export type SecondAtDesk = ReturnType<typeof secondAtDesk>
