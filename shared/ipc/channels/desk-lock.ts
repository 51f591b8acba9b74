import { z } from 'zod'
import { text } from '../../api/text'
import { channels } from '../channel'

export const PERSON_ROLES = ['admin', 'treasurer', 'viewer'] as const
export const PersonRoleSchema = z.enum(PERSON_ROLES)
export type PersonRole = z.infer<typeof PersonRoleSchema>

export const PersonViewSchema = z.strictObject({ id: text(), name: text(), role: PersonRoleSchema })
export type PersonView = z.infer<typeof PersonViewSchema>

/** A passphrase as typed; the core sets the rules of a new one (length) and never sends one back. */
const Passphrase = z.string().min(1, 'Type the passphrase.').max(1024)
const Name = text().min(1).max(60)

/** What the unlock screen and the top bar need, and all a locked desk tells. */
export const LockStatusSchema = z.strictObject({
  /** People exist on this desk, so it locks; without them the desk is open as it always was. */
  enabled: z.boolean(),
  locked: z.boolean(),
  /** The person at the desk while it is unlocked. */
  person: PersonViewSchema.nullable(),
  /** Names to choose from on the unlock screen. */
  people: z.array(Name),
  /** Seconds before the next unlock may be tried (after 5 failures). */
  waitSeconds: z.number().int().nonnegative(),
  idleMinutes: z.number().int().positive(),
})
export type LockStatus = z.infer<typeof LockStatusSchema>

const Empty = z.strictObject({})
const People = z.array(PersonViewSchema)

export const deskLockChannels = channels({
  'lock.status': { input: Empty, output: LockStatusSchema },
  'lock.unlock': { input: z.strictObject({ name: Name, passphrase: Passphrase }), output: LockStatusSchema },
  'lock.lock': { input: Empty, output: LockStatusSchema },
  /** The person typed the passphrase again before a production write (`passphrase_again`). */
  'lock.confirm': { input: z.strictObject({ passphrase: Passphrase }), output: LockStatusSchema },
  /** The page saw the person's input: the idle timer starts again. */
  'lock.activity': { input: Empty, output: Empty },
  'people.list': { input: Empty, output: People },
  /** `yourPassphrase`: the admin at the desk types theirs again for every change of people (none for the first). */
  'people.add': {
    input: z.strictObject({
      name: Name,
      role: PersonRoleSchema,
      passphrase: Passphrase,
      yourPassphrase: Passphrase.optional(),
    }),
    output: People,
  },
  'people.remove': { input: z.strictObject({ name: Name, yourPassphrase: Passphrase }), output: People },
  'people.setPassphrase': {
    input: z.strictObject({ name: Name, passphrase: Passphrase, yourPassphrase: Passphrase }),
    output: People,
  },
})
