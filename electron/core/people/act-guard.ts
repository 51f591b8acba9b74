import { localPerson, who, type Surface } from '../audit/use-cases'
import { DeskError } from '../errors'
import type { Environment } from '../profiles/profile'
import { profileAccess, type DeskStore } from '../store'
import { PeopleFileStore } from './people-file'
import { personOf, type Person } from './person'

/**
 * Every write a person can ask for, by kind. A new write surface names its act here and so gets the role and
 * view-only rules of `authorizeAct`; the admin's acts are listed in `ADMIN_ACTS`.
 */
export type WriteAct =
  | 'payout'
  | 'batch'
  | 'run'
  | 'destination'
  | 'payee_confirm'
  | 'release'
  | 'acknowledge'
  | 'note'
  | 'screening'
  | 'prices'
  | 'key'
  | 'policy'
  | 'people'
  | 'profile'
  | 'agent_stop'
  | 'notify'
  | 'close'

const ADMIN_ACTS: ReadonlySet<WriteAct> = new Set(['key', 'policy', 'people', 'profile', 'notify'])
/** The brake anyone at the desk may pull, a viewer too and on a view-only profile: stopping the agent. */
const BRAKES: ReadonlySet<WriteAct> = new Set(['agent_stop'])

declare const VERIFIED: unique symbol
/** A person whose passphrase was checked in this process (by `verifyPerson`): the only kind `authorizeAct` takes. */
export type VerifiedPerson = Person & { readonly [VERIFIED]: true }
export const verified = (person: Person): VerifiedPerson => person as VerifiedPerson

/** Who acts, as the audit log, receipts and confirmations name them: the person, or the OS user on a desk without. */
export interface Acting {
  person: Person | null
  /** The person's name, or the OS user's on a desk without people. */
  name: string
  /** `cli (alice)`: the form every stored "who" takes. */
  by: string
  surface: Surface
}

export interface ActAsk {
  dataDir: string
  surface: Surface
  /** The person acting on this surface, passphrase checked; null when the surface named nobody. */
  person: VerifiedPerson | null
  act: WriteAct
  /** The profile's store when the act is on a profile: a view-only profile refuses every write but lifting it. */
  store: DeskStore | null
}

/**
 * The one rule of who may write: with no person on the desk anyone may (as before people); once one exists, the act
 * names a person who still exists, a viewer never writes, the admin's acts are an admin's, and a view-only profile
 * takes no write. Every write of the CLI and the app asks here first.
 */
export async function authorizeAct(ask: ActAsk): Promise<Acting> {
  const people = await new PeopleFileStore(ask.dataDir).list()
  if (ask.store && ask.act !== 'profile' && !BRAKES.has(ask.act) && isViewOnly(ask.store))
    throw new DeskError('view_only', 'This profile is view-only: nothing on it can be changed or sent.')
  if (people.length === 0) {
    const name = localPerson()
    return { person: null, name, by: who(ask.surface, name), surface: ask.surface }
  }
  if (!ask.person)
    throw new DeskError(
      'person_required',
      'People are set up on this desk: name who acts (--as NAME in the CLI, or unlock the app as yourself).',
    )
  const record = people.find((p) => p.id === ask.person!.id)
  if (!record) throw new DeskError('person_not_found', `${ask.person.name} is no longer a person of this desk.`)
  const person = personOf(record)
  if (person.role === 'viewer' && !BRAKES.has(ask.act))
    throw new DeskError('view_only', `${person.name} is a viewer: viewers change nothing.`)
  if (ADMIN_ACTS.has(ask.act) && person.role !== 'admin')
    throw new DeskError(
      'admin_only',
      `Only an admin changes keys, the policy, profiles and people; ${person.name} is not.`,
    )
  return { person, name: person.name, by: who(ask.surface, person.name), surface: ask.surface }
}

export const isViewOnly = (store: DeskStore): boolean =>
  store.read('read whether the profile is view-only', () => store.repo(profileAccess).viewOnly())

/** Whether acts that move trust need a second person on this profile: its setting, else on for production only. */
export const fourEyesOn = (store: DeskStore, environment: Environment): boolean =>
  store.read('read the four-eyes setting', () => store.repo(profileAccess).fourEyes()) ?? environment === 'production'
