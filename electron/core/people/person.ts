import { z } from 'zod'

export const ROLES = ['admin', 'treasurer', 'viewer'] as const
export type Role = (typeof ROLES)[number]
export const RoleSchema = z.enum(ROLES)

/** A named person at this desk, as every surface sees them: never their passphrase or its hash. */
export interface Person {
  id: string
  name: string
  role: Role
}

/** A person's name: what the audit log, receipts and confirmations show, and what `--as` matches (any case). */
export const PersonNameSchema = z
  .string()
  .trim()
  .min(1, 'A person needs a name.')
  .max(60, 'A name is at most 60 characters.')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u, "A name is letters, digits, spaces and . _ ' - (starting with a letter).")

/** The scrypt hash of a passphrase with the parameters it was made with, so stronger ones can come later. */
export const PassphraseHashSchema = z.strictObject({
  algorithm: z.literal('scrypt'),
  N: z.number().int().positive(),
  r: z.number().int().positive(),
  p: z.number().int().positive(),
  salt: z.string().min(1),
  hash: z.string().min(1),
})
export type PassphraseHash = z.infer<typeof PassphraseHashSchema>

export const PersonRecordSchema = z.strictObject({
  id: z.string().regex(/^person_[a-f0-9]{32}$/),
  name: PersonNameSchema,
  role: RoleSchema,
  passphrase: PassphraseHashSchema,
  addedAt: z.string(),
  addedBy: z.string().nullable(),
})
export type PersonRecord = z.infer<typeof PersonRecordSchema>

export const personOf = (r: PersonRecord): Person => ({ id: r.id, name: r.name, role: r.role })

export const sameName = (a: string, b: string): boolean =>
  a.trim().normalize('NFKC').toLocaleLowerCase('en') === b.trim().normalize('NFKC').toLocaleLowerCase('en')
