import type { ActivityRowData } from '../../../shared/ipc/channels/activity'
import type { DeskStore } from '../store'
import { activityPayouts } from '../store/audit/activity-payouts'

/** A provider call about one payout names it in its path: reading it, or cancelling it. */
const PAYOUT_PATH = /^\/api\/v1\/withdrawals\/([^/?]+)/

/** The payout id a row's path names, if it is about one payout. */
function payoutIdOf(row: ActivityRowData): string | null {
  const m = row.method === 'LOCAL' || row.method === 'MCP' ? null : PAYOUT_PATH.exec(row.path)
  return m ? decodeURIComponent(m[1]!) : null
}

/** A key names a payout unless the row is about a destination (its POST carries a key of its own). */
const keyOf = (row: ActivityRowData) => (row.action === 'destination_added' ? null : row.idempotencyKey)

/**
 * A page's rows with the payout each is about, from the payout store in one lookup for the whole page: the audit rows
 * stay as the chain holds them, only what is shown is joined. A row whose payout the store does not know is unchanged.
 */
export function withPayouts(store: DeskStore, rows: ActivityRowData[]): ActivityRowData[] {
  const keys = new Set<string>()
  const ids = new Set<string>()
  for (const row of rows) {
    const key = keyOf(row)
    const id = payoutIdOf(row)
    if (key !== null) keys.add(key)
    if (id !== null) ids.add(id)
  }
  const found = store.repo(activityPayouts).find([...keys], [...ids])
  return rows.map((row) => {
    const key = keyOf(row)
    const id = payoutIdOf(row)
    const payout =
      (key === null ? undefined : found.byKey.get(key)) ?? (id === null ? undefined : found.byPayoutId.get(id))
    return payout ? { ...row, payout } : row
  })
}
