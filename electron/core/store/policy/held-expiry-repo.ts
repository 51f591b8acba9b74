import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { DEFAULT_HELD_EXPIRY_HOURS, HeldExpiryHoursSchema } from '../../../../shared/policy/held-expiry'
import type { RepoFactory } from '../repo-factory'
import { rowOf, rowsOf } from '../scalar-rows'

const NAME = 'held_expiry_hours'
const ValueSchema = z.object({ value: z.string() })
const KeySchema = z.object({ key: z.string() })

/**
 * The profile's time after which an agent's held payout expires, kept in the store so the app, the CLI and the
 * connector read one value.
 */
export class HeldExpiryRepo {
  constructor(private readonly db: DatabaseSync) {}

  /**
   * The hours set, or the default when none is set or the stored value is not a valid time (a hold never waits
   * forever).
   */
  hours(): number {
    const row = this.db.prepare('SELECT value FROM meta WHERE name = ?').get(NAME)
    const parsed = HeldExpiryHoursSchema.safeParse(row ? Number(rowOf(ValueSchema, row, 'meta').value) : undefined)
    return parsed.success ? parsed.data : DEFAULT_HELD_EXPIRY_HOURS
  }

  /** Keys of the held payouts recorded at or before `cutoff` (ISO): the ones whose time is up. */
  heldSince(cutoff: string): string[] {
    const rows = this.db
      .prepare("SELECT key FROM outbox WHERE state = 'held' AND created_at <= ? ORDER BY seq")
      .all(cutoff)
    return rowsOf(KeySchema, rows, 'outbox').map((r) => r.key)
  }

  /** Keys of the held payouts that expired, oldest first. */
  expired(): string[] {
    const rows = this.db
      .prepare(
        "SELECT key FROM outbox WHERE state = 'discarded' AND json_extract(error, '$.code') = 'held_expired' " +
          'ORDER BY seq',
      )
      .all()
    return rowsOf(KeySchema, rows, 'outbox').map((r) => r.key)
  }

  setHours(hours: number): void {
    this.db
      .prepare('INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value')
      .run(NAME, String(HeldExpiryHoursSchema.parse(hours)))
  }
}

export const heldExpiryRepo: RepoFactory<HeldExpiryRepo> = (db) => new HeldExpiryRepo(db)
