import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { RepoFactory } from '../repo-factory'
import { rowsOf } from '../scalar-rows'

const WITHDRAWALS = '/api/v1/withdrawals'
const AttemptRow = z.object({ key: z.string().nullable(), status: z.number().nullable() })

/**
 * Keys whose payout the provider said it had already when this desk first asked it to make one: the first POST
 * under the key answered 200 (meta.idempotent_replay), read from the audit chain, which records every attempt's
 * status. A replay after this desk's own attempt went unanswered (no status, or a 5xx other than 503, which records
 * nothing) may be that attempt's own payout, so it is not counted.
 */
export const providerHadKeys: RepoFactory<(keys: readonly string[]) => Set<string>> = (db: DatabaseSync) => (keys) => {
  const wanted = new Set(keys)
  const rows = db
    .prepare(
      `SELECT json_extract(entry, '$.idempotencyKey') AS key, json_extract(entry, '$.status') AS status
         FROM audit WHERE json_extract(entry, '$.path') = ? AND json_extract(entry, '$.method') = 'POST'
         AND json_extract(entry, '$.kind') = 'http' ORDER BY seq`,
    )
    .all(WITHDRAWALS)
  const decided = new Map<string, boolean>()
  for (const r of rowsOf(AttemptRow, rows, 'audit')) {
    if (r.key === null || !wanted.has(r.key) || decided.has(r.key)) continue
    if (r.status === 200) decided.set(r.key, true)
    else if (r.status === null || (r.status >= 500 && r.status !== 503) || (r.status >= 200 && r.status < 300))
      decided.set(r.key, false)
  }
  return new Set([...decided].filter(([, had]) => had).map(([key]) => key))
}
