import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { DEFAULT_POLICY, PolicySchema, type Policy } from '../../../../shared/policy/policy-schema'
import { AuditEntrySchema } from '../audit/audit-chain'
import { CountRow, EntryRow } from '../common-rows'
import { foundRowOf, rowOf } from '../scalar-rows'

/** The audit rows that change which policy is in force, in the order they were written. */
const CHANGE_PATHS = "('policy.set', 'policy.cleared', 'policy.pending', 'policy.pending_cancelled')"

/** A loosening waits this long unless a person set another delay for the profile. */
export const DEFAULT_LOOSENING_DELAY_MINUTES = 60
export const MAX_LOOSENING_DELAY_MINUTES = 7 * 24 * 60

const PendingEntrySchema = AuditEntrySchema.extend({
  path: z.literal('policy.pending'),
  actor: z.string(),
  detail: z.looseObject({ by: z.string(), policy: PolicySchema.nullable(), effectiveAt: z.string() }),
})

const DelayEntrySchema = AuditEntrySchema.extend({
  detail: z.looseObject({ minutes: z.number().int(), before: z.number().int(), effectiveAt: z.string() }),
})

/** A loosening a person set that waits for its time (policy null: a clear, the default then applies). */
export type PendingChange =
  | { kind: 'pending'; policy: Policy | null; effectiveAt: string; actor: string; by: string }
  | { kind: 'unreadable'; problem: string }

/**
 * The waiting side of the policy, read from the audit log (hash-chained, so no row edited around it): the last
 * change, when it is a loosening not cancelled or replaced since, and the profile's loosening delay.
 */
export class PolicyChangeRepo {
  constructor(private readonly db: DatabaseSync) {}

  /** The last change when it is a pending loosening (due or not: the caller compares its time with its clock). */
  pending(): PendingChange | null {
    const entry = this.lastEntry(`json_extract(entry, '$.path') IN ${CHANGE_PATHS}`)
    if (!entry || (entry as { path?: unknown }).path !== 'policy.pending') return null
    const parsed = PendingEntrySchema.safeParse(entry)
    if (!parsed.success) return { kind: 'unreadable', problem: 'the audit row of the waiting policy change is damaged' }
    const { detail, actor } = parsed.data
    return { kind: 'pending', policy: detail.policy, effectiveAt: detail.effectiveAt, actor, by: detail.by }
  }

  /** Whether a person ever set a policy on this profile (before that, the default holds every payout). */
  everSet(): boolean {
    return this.lastEntry("json_extract(entry, '$.path') IN ('policy.set', 'policy.pending')") !== null
  }

  /** The last policy a person set, as the audit log records it (the default after a clear or before any set). */
  lastSet(): Policy {
    const entry = this.lastEntry("json_extract(entry, '$.path') IN ('policy.set', 'policy.cleared')") as {
      path?: string
      detail?: { policy?: unknown }
    } | null
    if (entry?.path !== 'policy.set') return DEFAULT_POLICY
    const parsed = PolicySchema.safeParse(entry.detail?.policy)
    return parsed.success ? parsed.data : DEFAULT_POLICY
  }

  /** The delay in force at `now`: a shorter delay waits for the delay before it, as any loosening does. */
  delayMinutes(now: string): number {
    const parsed = DelayEntrySchema.safeParse(this.lastEntry("json_extract(entry, '$.path') = 'policy.delay_set'"))
    if (!parsed.success) return DEFAULT_LOOSENING_DELAY_MINUTES
    const { minutes, before, effectiveAt } = parsed.data.detail
    return effectiveAt <= now ? minutes : before
  }

  /** The newest audit row's number: a cheap way to know nothing was written since the last read. */
  auditHead(): number {
    return rowOf(CountRow, this.db.prepare('SELECT COALESCE(MAX(seq), 0) AS n FROM audit').get(), 'audit').n
  }

  private lastEntry(where: string): unknown {
    const row = foundRowOf(
      EntryRow,
      this.db.prepare(`SELECT entry FROM audit WHERE ${where} ORDER BY seq DESC LIMIT 1`).get(),
      'audit',
    )
    return row ? (JSON.parse(row.entry) as unknown) : null
  }
}

/** For `store.repo(policyChangeRepo)`. */
export const policyChangeRepo = (db: DatabaseSync): PolicyChangeRepo => new PolicyChangeRepo(db)
