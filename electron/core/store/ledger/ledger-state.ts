import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { DeskError } from '../../errors'
import { foundRowOf } from '../scalar-rows'

/**
 * One pass over a recorded-time range (after, before], newest first, as the provider pages it.
 * Committed with every page, so a killed process resumes from the last committed page.
 */
export const WalkSchema = z.strictObject({
  after: z.number().int().nullable(),
  before: z.number().int().nullable(),
  cursor: z.string().nullable(),
  /** Newest recorded time seen in this walk: the next high-water mark. */
  newest: z.number().int().nullable(),
  /** Oldest recorded time committed: a range restarted without cursor ends here (inclusive). */
  oldest: z.number().int().nullable(),
  pages: z.number().int(),
  rows: z.number().int(),
  startedAt: z.number().int(),
})
export type Walk = z.infer<typeof WalkSchema>

export interface LedgerState {
  scope: string
  complete: boolean
  highWaterMs: number | null
  syncedAtMs: number | null
  walk: Walk | null
  lastError: string | null
  lastAttemptMs: number | null
}

const RawStateSchema = z.object({
  scope: z.string(),
  complete: z.number(),
  high_water_ms: z.number().nullable(),
  synced_at_ms: z.number().nullable(),
  walk: z.string().nullable(),
  last_error: z.string().nullable(),
  last_attempt_ms: z.number().nullable(),
})

/** The ledger's sync state, or `ledger_unbound` before it was tied to a provider. */
export function readLedgerState(db: DatabaseSync): LedgerState {
  const raw = foundRowOf(RawStateSchema, db.prepare('SELECT * FROM ledger_state WHERE id = 1').get(), 'ledger_state')
  if (!raw) throw new DeskError('ledger_unbound', 'The history ledger has not been opened for a provider yet.')
  return {
    scope: raw.scope,
    complete: raw.complete === 1,
    highWaterMs: raw.high_water_ms,
    syncedAtMs: raw.synced_at_ms,
    walk: raw.walk === null ? null : WalkSchema.parse(JSON.parse(raw.walk)),
    lastError: raw.last_error,
    lastAttemptMs: raw.last_attempt_ms,
  }
}
