import type { DatabaseSync } from 'node:sqlite'
import type { RepoFactory } from '../repo-factory'
import { rowsOf } from '../scalar-rows'
import { PayoutRefRowSchema } from './close-rows'

/** What the desk knows of the payout an outgoing leg was: its id, Idempotency-Key and pay-run line. */
export interface PayoutRef {
  payoutId: string
  key: string
  /** `run id / period / line id` of the pay-run line that sent it, or null. */
  runLine: string | null
}

/**
 * The desk's payouts by what the chain shows (`tx hash|destination`, lower case), from the outbox and the withdrawals
 * it read back, with the pay-run line whose key each was sent under.
 */
export function payoutRefs(db: DatabaseSync): Map<string, PayoutRef> {
  const rows = db
    .prepare(
      `SELECT
         lower(json_extract(w.body, '$.tx_hash')) || '|' || lower(json_extract(w.body, '$.destination')) AS onchain,
         o.withdrawal_id AS payoutId, o.key AS key,
         (SELECT p.run_id || '/' || p.period || '/' || json_extract(l.value, '$.lineId')
            FROM pay_run_periods p, json_each(p.lines) l
            WHERE json_valid(p.lines) AND json_extract(l.value, '$.key') = o.key LIMIT 1) AS runLine
       FROM outbox o JOIN withdrawal_cache w ON w.id = o.withdrawal_id
       WHERE json_valid(w.body) AND json_extract(w.body, '$.tx_hash') IS NOT NULL ORDER BY o.seq`,
    )
    .all()
  const out = new Map<string, PayoutRef>()
  for (const r of rowsOf(PayoutRefRowSchema, rows, 'outbox'))
    out.set(r.onchain, { payoutId: r.payoutId, key: r.key, runLine: r.runLine })
  return out
}

export const payoutRefsRepo: RepoFactory<Map<string, PayoutRef>> = (db) => payoutRefs(db)
