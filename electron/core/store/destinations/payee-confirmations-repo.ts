import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { RepoFactory } from '../repo-factory'
import { MetaValueRow } from '../common-rows'
import { foundRowOf, rowOf } from '../scalar-rows'

const PayeeConfirmationSchema = z.object({
  destinationId: z.string(),
  /** Who confirmed it with the payee. */
  confirmedBy: z.string(),
  channel: z.string(),
  note: z.string(),
  confirmedAt: z.string(),
  /** Which surface and person recorded it (`cli (alice)`). */
  recordedBy: z.string(),
})
export type PayeeConfirmation = z.infer<typeof PayeeConfirmationSchema>

export class PayeeConfirmations {
  constructor(private readonly db: DatabaseSync) {}

  put(c: PayeeConfirmation): void {
    this.db
      .prepare(
        `INSERT INTO payee_confirmations (destination_id, confirmed_by, channel, note, confirmed_at, recorded_by)
          VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (destination_id) DO UPDATE SET confirmed_by = excluded.confirmed_by, channel =
           excluded.channel, note = excluded.note,
         confirmed_at = excluded.confirmed_at, recorded_by = excluded.recorded_by`,
      )
      .run(c.destinationId, c.confirmedBy, c.channel, c.note, c.confirmedAt, c.recordedBy)
  }

  /** Hours a payee's new address waits before it can be paid; the profile's own setting or the default. */
  waitHours(fallback: number): number {
    const row = foundRowOf(
      MetaValueRow,
      this.db.prepare("SELECT value FROM meta WHERE name = 'payee_change_wait_hours'").get(),
      'meta',
    )
    const hours = Number(row?.value)
    return row && Number.isFinite(hours) && hours >= 0 ? hours : fallback
  }

  setWaitHours(hours: number): void {
    this.db
      .prepare(
        "INSERT INTO meta (name, value) VALUES ('payee_change_wait_hours', ?) ON CONFLICT (name) DO UPDATE SET " +
          'value = excluded.value',
      )
      .run(String(hours))
  }

  get(destinationId: string): PayeeConfirmation | null {
    const row = this.db
      .prepare(
        'SELECT destination_id AS destinationId, confirmed_by AS confirmedBy, channel, note, confirmed_at AS ' +
          'confirmedAt, recorded_by AS recordedBy FROM payee_confirmations WHERE destination_id = ?',
      )
      .get(destinationId)
    return row === undefined ? null : rowOf(PayeeConfirmationSchema, row, 'payee_confirmations')
  }
}

export const payeeConfirmations: RepoFactory<PayeeConfirmations> = (db) => new PayeeConfirmations(db)
