import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { RepoFactory } from '../repo-factory'
import { rowsOf } from '../scalar-rows'

const GrantRowSchema = z.object({ path: z.string(), detail: z.string().nullable() })

/** What a grant lets through: one asset, at most an amount, to one address. */
export interface GrantScope {
  asset: string
  max: string
  destination: string
}

export const GrantScopeSchema = z.looseObject({ asset: z.string(), max: z.string(), destination: z.string() })

/**
 * One-time grants, read from the audit log only (no row anyone can edit around it): a `policy.granted` row names one
 * payout by its key and what it grants; the `policy.grant_used` row the send gate writes when the grant lets it
 * through ends it.
 */
export class PolicyGrantRepo {
  constructor(private readonly db: DatabaseSync) {}

  /**
   * `unused`: granted and not used yet; `used`: the grant let it through once; null: no grant. `scope` is null for a
   * grant an earlier build wrote (it names no asset, amount or destination, so it lets nothing through).
   */
  state(key: string): { state: 'unused' | 'used'; scope: GrantScope | null } | null {
    const raw = this.db
      .prepare(
        `SELECT json_extract(entry, '$.path') AS path, json_extract(entry, '$.detail') AS detail FROM audit
         WHERE json_extract(entry, '$.path') IN ('policy.granted', 'policy.grant_used')
           AND json_extract(entry, '$.idempotencyKey') = ? ORDER BY seq DESC`,
      )
      .all(key)
    const rows = rowsOf(GrantRowSchema, raw, 'audit')
    const last = rows[0]
    if (!last) return null
    const granted = rows.find((r) => r.path === 'policy.granted')
    const scope = granted?.detail ? GrantScopeSchema.safeParse(JSON.parse(granted.detail)) : null
    return { state: last.path === 'policy.granted' ? 'unused' : 'used', scope: scope?.success ? scope.data : null }
  }
}

export const policyGrantRepo: RepoFactory<PolicyGrantRepo> = (db) => new PolicyGrantRepo(db)
