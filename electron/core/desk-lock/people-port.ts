import type { PersonRole, PersonView } from '../../../shared/ipc/channels/desk-lock'

/** The person acting on people, by name and passphrase typed again. */
export interface Credentials {
  name: string
  passphrase: string
}

/** What the lock and the People section need of the desk's people (built over `people/use-cases.ts`). */
export interface PeoplePort {
  list(): Promise<PersonView[]>
  /** The person, when the passphrase is theirs; else a DeskError (`wrong_passphrase`, `person_not_found`). */
  verify(name: string, passphrase: string): Promise<PersonView>
  add(person: { name: string; role: PersonRole; passphrase: string }, as: Credentials | undefined): Promise<PersonView>
  remove(name: string, as: Credentials): Promise<void>
  setPassphrase(name: string, passphrase: string, as: Credentials): Promise<void>
  setRole(name: string, role: PersonRole, as: Credentials): Promise<PersonView>
}
