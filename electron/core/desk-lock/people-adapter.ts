import { addPerson, changePassphrase, listPeople, removePerson, setRole, verifyPerson } from '../people/use-cases'
import type { PeoplePort } from './people-port'

/** The desk's people (`<data>/people.json`) as the lock and the People section use them. */
export function deskPeople(dataDir: string): PeoplePort {
  return {
    list: () => listPeople(dataDir),
    verify: (name, passphrase) => verifyPerson(name, passphrase, dataDir),
    add: (person, as) => addPerson({ ...person, as }, dataDir),
    remove: async (name, as) => void (await removePerson(name, as, dataDir)),
    setPassphrase: async (name, newPassphrase, as) =>
      void (await changePassphrase({ name, newPassphrase, as }, dataDir)),
    setRole: (name, role, as) => setRole({ name, role, as }, dataDir),
  }
}
