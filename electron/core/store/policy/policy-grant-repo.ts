import type { DatabaseSync } from 'node:sqlite'
import type { RepoFactory } from '../repo-factory'

/**
 * One-time grants, read from the audit log only (no row anyone can edit around it): a `policy.granted` row names one
 * payout by its key; the `policy.grant_used` row the send gate writes when the grant lets it through ends it.
 */
export class PolicyGrantRepo {
  constructor(private readonly db: DatabaseSync) {}

  /** `unused`: granted and not used yet; `used`: the grant let it through once; null: no grant. */
  state(key: string): 'unused' | 'used' | null {
    const row = this.db
      .prepare(
        `SELECT json_extract(entry, '$.path') AS path FROM audit
         WHERE json_extract(entry, '$.path') IN ('policy.granted', 'policy.grant_used')
           AND json_extract(entry, '$.idempotencyKey') = ? ORDER BY seq DESC LIMIT 1`,
      )
      .get(key) as { path: string } | undefined
    if (!row) return null
    return row.path === 'policy.granted' ? 'unused' : 'used'
  }
}

export const policyGrantRepo: RepoFactory<PolicyGrantRepo> = (db) => new PolicyGrantRepo(db)
