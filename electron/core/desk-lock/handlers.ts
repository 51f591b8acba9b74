import type { deskLockChannels } from '../../../shared/ipc/channels/desk-lock'
import { DeskError } from '../errors'
import type { HandlersFor } from '../ipc/router'
import type { DeskEvent } from '../people/use-cases'
import type { AppSettingsStore } from '../settings'
import type { DeskLock } from './desk-lock'
import { lockTimes, setLockTimes } from './lock-times'
import type { Credentials, PeoplePort } from './people-port'
import { seatHandlers, type SeatHandlerDeps } from './seat-handlers'

export interface DeskLockHandlerDeps extends SeatHandlerDeps {
  lock: DeskLock
  people: PeoplePort
  settings: AppSettingsStore
  /** Writes a desk event (people, the lock's times) into every profile's audit log; failures go to the log file. */
  audit(event: Omit<DeskEvent, 'surface'>): Promise<void>
}

/** The lock's channels, the People section's and the seat's (the gate lets only an admin change them). */
export function deskLockHandlers(deps: DeskLockHandlerDeps): HandlersFor<typeof deskLockChannels> {
  const { lock, people } = deps
  /** The admin at the desk, their passphrase typed again. */
  const you = (passphrase: string | undefined): Credentials => {
    const person = lock.atDesk
    if (!person || passphrase === undefined)
      throw new DeskError('person_required', 'Changing people needs the admin at the desk and their passphrase.')
    return { name: person.name, passphrase }
  }
  const by = () => lock.atDesk?.name ?? null
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
    'lock.times': () => lockTimes(deps.settings),
    'lock.setTimes': async (change) => {
      const times = await setLockTimes(deps.settings, change)
      await deps.audit({ path: 'desk.lock_times_set', by: by(), detail: { ...times } })
      await lock.status()
      return times
    },
    ...seatHandlers(deps),
    'people.list': () => people.list(),
    'people.add': async ({ yourPassphrase, ...person }) => {
      const first = (await people.list()).length === 0
      const added = await people.add(person, first ? undefined : you(yourPassphrase))
      // The desk's first person set it up from this seat: they are at the desk now.
      await lock.peopleChanged(first ? added : undefined)
      await deps.audit({ path: 'people.added', by: by(), detail: { person: added.name, role: added.role } })
      return people.list()
    },
    'people.remove': async ({ name, yourPassphrase }) => {
      const admin = by()
      await people.remove(name, you(yourPassphrase))
      await lock.peopleChanged()
      await deps.audit({ path: 'people.removed', by: admin, detail: { person: name } })
      return people.list()
    },
    'people.setRole': async ({ name, role, yourPassphrase }) => {
      const changed = await people.setRole(name, role, you(yourPassphrase))
      await lock.peopleChanged()
      await deps.audit({ path: 'people.role_changed', by: by(), detail: { person: changed.name, role: changed.role } })
      return people.list()
    },
    'people.setPassphrase': async ({ name, passphrase, yourPassphrase }) => {
      await people.setPassphrase(name, passphrase, you(yourPassphrase))
      await deps.audit({ path: 'people.passphrase_changed', by: by(), detail: { person: name } })
      return people.list()
    },
  }
}
