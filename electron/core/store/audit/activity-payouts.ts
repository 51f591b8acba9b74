import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { ActivityPayoutData } from '../../../../shared/ipc/channels/activity'
import { PayoutHitSchema } from '../../../../shared/payouts/payout-search'
import type { RepoFactory } from '../repo-factory'
import { rowsOf } from '../scalar-rows'
import { statement } from '../statement-cache'

const IndexRow = z.object({ payoutId: z.string().nullable(), hit: z.string() })

// Both columns are UNIQUE (indexed): a page's keys and ids are looked up in one statement, never one per row.
const BY_REFS = `SELECT payout_id AS payoutId, hit FROM payout_index
  WHERE id IN (SELECT value FROM json_each(?1)) OR payout_id IN (SELECT value FROM json_each(?2))`

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export interface PayoutsFound {
  byKey: Map<string, ActivityPayoutData>
  byPayoutId: Map<string, ActivityPayoutData>
}

/** The payouts a page of Activity is about, found by Idempotency-Key or provider payout id in the payout store. */
export class ActivityPayouts {
  constructor(private readonly db: DatabaseSync) {}

  /**
   * The known payouts by key and by payout id; a key or id the store does not know is left out (the row then says only
   * what it knows), and so is a search row that fails its schema.
   */
  find(keys: readonly string[], payoutIds: readonly string[]): PayoutsFound {
    const found: PayoutsFound = { byKey: new Map(), byPayoutId: new Map() }
    if (keys.length === 0 && payoutIds.length === 0) return found
    const rows = statement(this.db, BY_REFS).all(JSON.stringify(keys), JSON.stringify(payoutIds))
    for (const row of rowsOf(IndexRow, rows, 'payout_index')) {
      const hit = PayoutHitSchema.safeParse(parseJson(row.hit))
      if (!hit.success) continue
      const { amount, asset, network, address, destinationName, payoutId } = hit.data
      const payout = { amount, asset, network, address, destinationName, payoutId }
      if (hit.data.idempotencyKey !== null) found.byKey.set(hit.data.idempotencyKey, payout)
      if (row.payoutId !== null) found.byPayoutId.set(row.payoutId, payout)
    }
    return found
  }
}

export const activityPayouts: RepoFactory<ActivityPayouts> = (db) => new ActivityPayouts(db)
