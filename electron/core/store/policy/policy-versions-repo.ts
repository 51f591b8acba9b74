import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { PolicyFieldChangeSchema, type PolicyFieldChange } from '../../../../shared/policy/policy-diff'
import { PolicySchema, type Policy } from '../../../../shared/policy/policy-schema'

/** How a kept version stands; a `pending` one whose time has come reads as applied (decided on read). */
export type VersionStatus = 'applied' | 'pending' | 'cancelled' | 'superseded'

/** One policy a person set (null: cleared, the default applies), with the fields it changed. */
export interface PolicyVersion {
  seq: number
  policy: Policy | null
  setAt: string
  setBy: string
  effectiveAt: string
  status: VersionStatus
  changes: PolicyFieldChange[]
  endedAt: string | null
  endedBy: string | null
}

const RowSchema = z.object({
  seq: z.number(),
  body: z.string().nullable(),
  set_at: z.string(),
  set_by: z.string(),
  effective_at: z.string(),
  status: z.enum(['applied', 'pending', 'cancelled', 'superseded']),
  changes: z.string(),
  ended_at: z.string().nullable(),
  ended_by: z.string().nullable(),
})

/**
 * Every policy version a person set, kept for history (Activity, `policy history`). What is in force is decided
 * from the policy row and the audit log, never from this table.
 */
export class PolicyVersionsRepo {
  constructor(private readonly db: DatabaseSync) {}

  add(v: Omit<PolicyVersion, 'seq' | 'endedAt' | 'endedBy'>): void {
    this.db
      .prepare(
        `INSERT INTO policy_versions (body, set_at, set_by, effective_at, status, changes)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        v.policy === null ? null : JSON.stringify(v.policy),
        v.setAt,
        v.setBy,
        v.effectiveAt,
        v.status,
        JSON.stringify(v.changes),
      )
  }

  /** Ends the version still waiting (cancelled by a person, or superseded by a later change). */
  endPending(status: 'cancelled' | 'superseded', at: string, by: string, now: string): void {
    this.db
      .prepare(
        `UPDATE policy_versions SET status = ?, ended_at = ?, ended_by = ?
         WHERE status = 'pending' AND effective_at > ?`,
      )
      .run(status, at, by, now)
  }

  /** Newest first. A row that fails its schema is left out of the history rather than guessed at. */
  list(limit = 200): PolicyVersion[] {
    const rows = this.db.prepare('SELECT * FROM policy_versions ORDER BY seq DESC LIMIT ?').all(limit)
    return rows.flatMap((raw) => {
      const r = RowSchema.safeParse(raw)
      if (!r.success) return []
      const policy = r.data.body === null ? null : PolicySchema.safeParse(JSON.parse(r.data.body))
      const changes = z.array(PolicyFieldChangeSchema).safeParse(JSON.parse(r.data.changes))
      if ((policy !== null && !policy.success) || !changes.success) return []
      return [
        {
          seq: r.data.seq,
          policy: policy === null ? null : policy.data,
          setAt: r.data.set_at,
          setBy: r.data.set_by,
          effectiveAt: r.data.effective_at,
          status: r.data.status,
          changes: changes.data,
          endedAt: r.data.ended_at,
          endedBy: r.data.ended_by,
        },
      ]
    })
  }
}

/** For `store.repo(policyVersionsRepo)`. */
export const policyVersionsRepo = (db: DatabaseSync): PolicyVersionsRepo => new PolicyVersionsRepo(db)
