import type { deskLockChannels } from '../../../shared/ipc/channels/desk-lock'
import { DeskError } from '../errors'
import type { HandlersFor } from '../ipc/router'
import type { DeskLock } from './desk-lock'
import type { Credentials, PeoplePort } from './people-port'

export interface DeskLockHandlerDeps {
  lock: DeskLock
  people: PeoplePort
}

/** The lock's channels and the People section's (the gate lets only an admin reach these once people exist). */
export function deskLockHandlers({ lock, people }: DeskLockHandlerDeps): HandlersFor<typeof deskLockChannels> {
  /** The admin at the desk, their passphrase typed again. */
  const you = (passphrase: string | undefined): Credentials => {
    const person = lock.atDesk
    if (!person || passphrase === undefined)
      throw new DeskError('person_required', 'Changing people needs the admin at the desk and their passphrase.')
    return { name: person.name, passphrase }
  }
  return {
    'lock.status': () => lock.status(),
    'lock.unlock': ({ name, passphrase }) => lock.unlock(name, passphrase),
    'lock.lock': () => {
      lock.lock('person')
      return lock.status()
    },
    'lock.confirm': ({ passphrase }) => lock.confirm(passphrase),
    'lock.activity': () => {
      lock.input()
      return {}
    },
    'people.list': () => people.list(),
    'people.add': async ({ yourPassphrase, ...person }) => {
      const first = (await people.list()).length === 0
      const added = await people.add(person, first ? undefined : you(yourPassphrase))
      // The desk's first person set it up from this seat: they are at the desk now.
      await lock.peopleChanged(first ? added : undefined)
      return people.list()
    },
    'people.remove': async ({ name, yourPassphrase }) => {
      await people.remove(name, you(yourPassphrase))
      await lock.peopleChanged()
      return people.list()
    },
    'people.setPassphrase': async ({ name, passphrase, yourPassphrase }) => {
      await people.setPassphrase(name, passphrase, you(yourPassphrase))
      return people.list()
    },
  }
}
