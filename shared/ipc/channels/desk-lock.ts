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
const profileId = text().min(1).max(64)

/** A second person at the desk for four eyes (a loosening, lifting view-only): their name and passphrase. */
export const SecondPersonSchema = z.strictObject({ name: Name, passphrase: Passphrase })
export type SecondPerson = z.infer<typeof SecondPersonSchema>

const minutes = (what: string, max: number) => {
  const range = `${what} is a whole number of minutes from 1 to ${max}.`
  return z.number().int(range).min(1, range).max(max, range)
}
/** Minutes without input before the desk locks (default 10; at most 8 hours). */
export const IdleLockMinutesSchema = minutes('The idle lock time', 480)
/** Minutes a typed passphrase covers a production write before it is asked again (default 5; at most 1 hour). */
export const ReaskMinutesSchema = minutes('The re-ask time', 60)
/** The desk's lock times, for every profile of the data folder. */
export const LockTimesSchema = z.strictObject({ idleMinutes: IdleLockMinutesSchema, reaskMinutes: ReaskMinutesSchema })
export type LockTimes = z.infer<typeof LockTimesSchema>

/** A profile's seat: view-only (writes refused, the connector's read tools only) and four eyes. */
export const ProfileSeatSchema = z.strictObject({
  profileId,
  viewOnly: z.boolean(),
  fourEyes: z.boolean(),
  /** The admin who asked to lift view-only, waiting for a second; null when nobody. */
  viewOnlyOffProposedBy: z.string().nullable(),
})
export type ProfileSeatView = z.infer<typeof ProfileSeatSchema>

export const deskLockChannels = channels({
  'lock.status': { input: Empty, output: LockStatusSchema },
  'lock.unlock': { input: z.strictObject({ name: Name, passphrase: Passphrase }), output: LockStatusSchema },
  'lock.lock': { input: Empty, output: LockStatusSchema },
  /** The person typed the passphrase again before a production write (`passphrase_again`). */
  'lock.confirm': { input: z.strictObject({ passphrase: Passphrase }), output: LockStatusSchema },
  /** The page saw the person's input: the idle timer starts again. */
  'lock.activity': { input: Empty, output: Empty },
  /** The desk's idle lock and re-ask times (settings of the data folder, for every profile). */
  'lock.times': { input: Empty, output: LockTimesSchema },
  /** An admin's act: what is not given stays. */
  'lock.setTimes': {
    input: z.strictObject({
      idleMinutes: IdleLockMinutesSchema.optional(),
      reaskMinutes: ReaskMinutesSchema.optional(),
    }),
    output: LockTimesSchema,
  },
  /** Whether a profile is view-only and has four eyes on. */
  'seat.show': { input: z.strictObject({ profileId }), output: ProfileSeatSchema },
  /**
   * An admin's act; lifting view-only under four eyes names a second admin (`second`), else `second_person_required`.
   */
  'seat.set': {
    input: z.strictObject({
      profileId,
      viewOnly: z.boolean().optional(),
      fourEyes: z.boolean().optional(),
      second: SecondPersonSchema.optional(),
    }),
    output: ProfileSeatSchema,
  },
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
  /** Another role for a person (the desk's last admin stays one). */
  'people.setRole': {
    input: z.strictObject({ name: Name, role: PersonRoleSchema, yourPassphrase: Passphrase }),
    output: People,
  },
  'people.setPassphrase': {
    input: z.strictObject({ name: Name, passphrase: Passphrase, yourPassphrase: Passphrase }),
    output: People,
  },
})
