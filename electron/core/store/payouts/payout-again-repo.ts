import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { RepoFactory } from '../repo-factory'
import { rowOf } from '../scalar-rows'
import { statement } from '../statement-cache'

/**
 * The audit row a request again writes (path `payout.requested_again`, the new entry's key, `detail.from_key` the old
 * one's): the link lives in the hash-chained log, so a link added or removed outside the desk shows in `audit verify`.
 */
export const AGAIN_PATH = 'payout.requested_again'

const AgainEntrySchema = z.object({
  at: z.string(),
  actor: z.string(),
  idempotencyKey: z.string(),
  detail: z.object({ from_key: z.string() }),
})
const RawSchema = z.object({ entry: z.string() })

/** A payout requested again: the entry it repeats, the new entry, when and by whom. */
export interface AgainLink {
  oldKey: string
  newKey: string
  at: string
  actor: string
}

function linkOf(raw: unknown): AgainLink {
  const { entry } = rowOf(RawSchema, raw, 'audit')
  let parsed: unknown = null
  try {
    parsed = JSON.parse(entry)
  } catch {
    // A row that is not JSON is damaged: refused below by its schema.
  }
  const e = rowOf(AgainEntrySchema, parsed, 'audit')
  return { oldKey: e.detail.from_key, newKey: e.idempotencyKey, at: e.at, actor: e.actor }
}

/** The links between payouts and their requests again, read from the audit log (indexed by path since m23). */
export class PayoutAgainRepo {
  constructor(private readonly db: DatabaseSync) {}

  /** The newer request of a payout, if it was requested again (the first, should the log hold more). */
  newerOf(oldKey: string): AgainLink | null {
    const raw = statement(
      this.db,
      "SELECT entry FROM audit WHERE json_extract(entry, '$.path') = ? AND " +
        "json_extract(entry, '$.detail.from_key') = ? ORDER BY seq LIMIT 1",
    ).get(AGAIN_PATH, oldKey)
    return raw ? linkOf(raw) : null
  }

  /** The links of these old keys (a batch's or a period's rows), by old key: one read of every link. */
  newerOfMany(oldKeys: readonly string[]): Map<string, AgainLink> {
    const wanted = new Set(oldKeys)
    const out = new Map<string, AgainLink>()
    const rows = statement(this.db, "SELECT entry FROM audit WHERE json_extract(entry, '$.path') = ? ORDER BY seq").all(
      AGAIN_PATH,
    )
    for (const raw of rows) {
      const link = linkOf(raw)
      if (wanted.has(link.oldKey) && !out.has(link.oldKey)) out.set(link.oldKey, link)
    }
    return out
  }
}

export const payoutAgainRepo: RepoFactory<PayoutAgainRepo> = (db) => new PayoutAgainRepo(db)
