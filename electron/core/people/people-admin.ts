import { randomUUID } from 'node:crypto'
import { DeskError } from '../errors'
import { authorizeAct, verified, type VerifiedPerson } from './act-guard'
import { hashPassphrase, passphraseMatches, type ScryptCost } from './passphrase-hash'
import { PeopleFileStore } from './people-file'
import { PersonNameSchema, personOf, RoleSchema, sameName, type Person, type PersonRecord, type Role } from './person'

/** A person's name and passphrase, as typed to act as them. */
export interface Credentials {
  name: string
  passphrase: string
}

/** The person named, if the passphrase is theirs; `wrong_passphrase` (or `person_not_found`) otherwise. */
export async function verifyPerson(name: string, passphrase: string, deskDir: string): Promise<VerifiedPerson> {
  const record = (await new PeopleFileStore(deskDir).list()).find((p) => sameName(p.name, name))
  if (!record) throw new DeskError('person_not_found', `There is no person named ${name} on this desk.`)
  if (!(await passphraseMatches(passphrase, record.passphrase)))
    throw new DeskError('wrong_passphrase', `That is not ${record.name}'s passphrase.`)
  return verified(personOf(record))
}

/** Who acts on people: a name and passphrase to check, or a person this process already checked. */
export type ActingAs = Credentials | VerifiedPerson

const checked = (as: ActingAs, deskDir: string): Promise<VerifiedPerson> =>
  'passphrase' in as ? verifyPerson(as.name, as.passphrase, deskDir) : Promise.resolve(as)

/** The admin acting on people: nobody while the desk has none (the first person), else a verified admin. */
async function peopleAdmin(deskDir: string, as: ActingAs | undefined): Promise<VerifiedPerson | null> {
  const person = as ? await checked(as, deskDir) : null
  const acting = await authorizeAct({ dataDir: deskDir, surface: 'cli', person, act: 'people', store: null })
  return acting.person ? verified(acting.person) : null
}

export interface NewPerson {
  name: string
  role: Role
  passphrase: string
  /** The admin who adds them; absent only for the desk's first person, who must be an admin. */
  as?: ActingAs
  /** Tests only: a cheaper hash (passphrase-hash.ts). */
  cost?: ScryptCost
}

export async function addPerson(input: NewPerson, deskDir: string): Promise<Person> {
  const name = parseName(input.name)
  const role = parseRole(input.role)
  const admin = await peopleAdmin(deskDir, input.as)
  const hash = await hashPassphrase(input.passphrase, input.cost)
  return new PeopleFileStore(deskDir).mutate(async (people) => {
    if (people.length === 0 && role !== 'admin')
      throw new DeskError('invalid_input', "The desk's first person is an admin: they add everyone else.")
    if (people.length > 0 && !admin) throw new DeskError('person_required', 'Adding a person needs an admin (--as).')
    if (people.some((p) => sameName(p.name, name)))
      throw new DeskError('person_exists', `There is already a person named ${name}.`)
    const record: PersonRecord = {
      id: `person_${randomUUID().replaceAll('-', '')}`,
      name,
      role,
      passphrase: hash,
      addedAt: new Date().toISOString(),
      addedBy: admin?.name ?? null,
    }
    return { people: [...people, record], result: personOf(record) }
  })
}

/** Removes a person (an admin's act). The last admin stays while anyone else is on the desk. */
export async function removePerson(name: string, as: ActingAs, deskDir: string): Promise<Person> {
  await peopleAdmin(deskDir, as)
  return new PeopleFileStore(deskDir).mutate(async (people) => {
    const gone = people.find((p) => sameName(p.name, name))
    if (!gone) throw new DeskError('person_not_found', `There is no person named ${name} on this desk.`)
    const rest = people.filter((p) => p.id !== gone.id)
    if (rest.length > 0 && !rest.some((p) => p.role === 'admin'))
      throw new DeskError('invalid_input', `${gone.name} is the last admin; add another admin first.`)
    return { people: rest, result: personOf(gone) }
  })
}

/** A new passphrase for `name`: set by the person themselves, or reset by an admin (`as`). */
export async function changePassphrase(
  input: { name: string; newPassphrase: string; as: ActingAs; cost?: ScryptCost },
  deskDir: string,
): Promise<Person> {
  const actor = await checked(input.as, deskDir)
  if (!sameName(actor.name, input.name) && actor.role !== 'admin')
    throw new DeskError('admin_only', "Only an admin sets another person's passphrase.")
  const hash = await hashPassphrase(input.newPassphrase, input.cost)
  return new PeopleFileStore(deskDir).mutate(async (people) => {
    const target = people.find((p) => sameName(p.name, input.name))
    if (!target) throw new DeskError('person_not_found', `There is no person named ${input.name} on this desk.`)
    const next = people.map((p) => (p.id === target.id ? { ...p, passphrase: hash } : p))
    return { people: next, result: personOf(target) }
  })
}

/** A person's new role (an admin's act). The last admin keeps theirs while anyone else is on the desk. */
export async function setRole(input: { name: string; role: string; as: ActingAs }, deskDir: string): Promise<Person> {
  const role = parseRole(input.role)
  await peopleAdmin(deskDir, input.as)
  return new PeopleFileStore(deskDir).mutate(async (people) => {
    const target = people.find((p) => sameName(p.name, input.name))
    if (!target) throw new DeskError('person_not_found', `There is no person named ${input.name} on this desk.`)
    const next = people.map((p) => (p.id === target.id ? { ...p, role } : p))
    if (!next.some((p) => p.role === 'admin'))
      throw new DeskError('invalid_input', `${target.name} is the last admin; make another person an admin first.`)
    return { people: next, result: personOf({ ...target, role }) }
  })
}

export async function listPeople(deskDir: string): Promise<Person[]> {
  return (await new PeopleFileStore(deskDir).list()).map(personOf)
}

function parseRole(role: string): Role {
  const parsed = RoleSchema.safeParse(role)
  if (!parsed.success) throw new DeskError('invalid_input', 'A role is admin, treasurer or viewer.')
  return parsed.data
}

function parseName(name: string): string {
  const parsed = PersonNameSchema.safeParse(name)
  if (!parsed.success) throw new DeskError('invalid_input', parsed.error.issues[0]?.message ?? 'Not a valid name.')
  return parsed.data
}
