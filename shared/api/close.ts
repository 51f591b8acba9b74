import { z } from 'zod'
import { text } from './text'

/** A close period: a calendar month written YYYY-MM. */
export const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/
export const ClosePeriodSchema = z.string().regex(PERIOD_PATTERN, 'a calendar month written YYYY-MM, such as 2026-11')

/** The kinds of leg an account mapping names, as its file writes them. */
export const MAPPING_KINDS = ['incoming', 'outgoing', 'fee', 'internal', 'suspected-poisoning'] as const
export type MappingKind = (typeof MAPPING_KINDS)[number]
/** The account mapping file's header, in this order. */
export const MAPPING_COLUMNS = ['wallet', 'asset', 'kind', 'account'] as const

export const AccountMapRowSchema = z.strictObject({
  wallet: text().min(1).max(128),
  asset: text().min(1).max(32),
  kind: z.enum(MAPPING_KINDS),
  account: text().min(1).max(128),
})
export type AccountMapRow = z.infer<typeof AccountMapRowSchema>

/** What stands between a period and its close. */
export const BLOCKER_KINDS = ['locked', 'unsynced', 'not_final', 'unpriced', 'unmapped', 'difference'] as const
export const CloseBlockerSchema = z.strictObject({
  kind: z.enum(BLOCKER_KINDS),
  message: z.string(),
  /** Where to fix it: a command, or the screen to open. */
  fix: z.string(),
  /** The movements, legs or balances it is about (the first few hundred). */
  items: z.array(z.string()),
})
export type CloseBlocker = z.infer<typeof CloseBlockerSchema>

export const ClosePrepSchema = z.strictObject({
  period: z.string(),
  timeZone: z.string(),
  /** The period's first instant and its cutoff (the next period's first instant), both ISO 8601 in UTC. */
  from: z.string(),
  cutoff: z.string(),
  clear: z.boolean(),
  blockers: z.array(CloseBlockerSchema),
  /** Movements dated in a locked period that its pack did not hold as they are now: this period's adjustments. */
  adjustments: z.array(z.string()),
})
export type ClosePrep = z.infer<typeof ClosePrepSchema>

export const CloseListRowSchema = z.strictObject({
  period: z.string(),
  state: z.enum(['locked', 'reopened']),
  cutoff: z.string(),
  closedBy: z.string(),
  closedAt: z.string(),
  manifestSha256: z.string(),
  note: z.string().nullable(),
  reopenedBy: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  reason: z.string().nullable(),
})
export type CloseListRow = z.infer<typeof CloseListRowSchema>

export const ManifestSchema = z.strictObject({
  period: z.string(),
  cutoff: z.string(),
  closed_by: z.string(),
  closed_at: z.string(),
  price_table_sha256: z.string(),
  files: z.array(z.strictObject({ name: z.string(), sha256: z.string(), rows: z.number().int() })),
})
export type Manifest = z.infer<typeof ManifestSchema>
