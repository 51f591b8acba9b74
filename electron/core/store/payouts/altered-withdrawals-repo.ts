import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { RecordedDifference } from '../../../../shared/payouts/recorded-vs-asked'
import type { RepoFactory } from '../repo-factory'
import { rowOf, rowsOf } from '../scalar-rows'
import { statement } from '../statement-cache'

const DifferencesSchema = z.array(
  z.strictObject({
    field: z.enum(['wallet_id', 'asset', 'amount', 'network', 'destination']),
    asked: z.string(),
    recorded: z.string(),
  }),
)

export interface AlteredWithdrawal {
  withdrawalId: string
  key: string
  differences: RecordedDifference[]
  detectedAt: string
  acknowledgedAt: string | null
  acknowledgedBy: string | null
}

const RowSchema = z.object({
  withdrawal_id: z.string(),
  key: z.string(),
  differences: z.string(),
  detected_at: z.string(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
})
type Row = z.infer<typeof RowSchema>
const TABLE = 'altered_withdrawals'

const toAltered = (r: Row): AlteredWithdrawal => ({
  withdrawalId: r.withdrawal_id,
  key: r.key,
  // A row whose differences cannot be read still stops sends: it says so rather than hiding the alarm.
  differences: DifferencesSchema.safeParse(JSON.parse(r.differences)).data ?? [
    { field: 'amount', asked: '?', recorded: 'unreadable record' },
  ],
  detectedAt: r.detected_at,
  acknowledgedAt: r.acknowledged_at,
  acknowledgedBy: r.acknowledged_by,
})

/**
 * Withdrawals the provider altered after the desk asked for them; an unacknowledged one stops every send of the
 * profile.
 */
export class AlteredWithdrawals {
  constructor(private readonly db: DatabaseSync) {}

  /** Notes an alteration once (the first detection's time is kept); true when it is new. */
  note(withdrawalId: string, key: string, differences: readonly RecordedDifference[], at: string): boolean {
    const made = statement(
      this.db,
      'INSERT INTO altered_withdrawals (withdrawal_id, key, differences, detected_at) VALUES (?, ?, ?, ?) ON ' +
        'CONFLICT (withdrawal_id) DO NOTHING',
    ).run(withdrawalId, key, JSON.stringify(differences), at)
    return Number(made.changes) > 0
  }

  /** Those no person has acknowledged yet, oldest first. */
  open(): AlteredWithdrawal[] {
    const rows = statement(
      this.db,
      'SELECT * FROM altered_withdrawals WHERE acknowledged_at IS NULL ORDER BY detected_at',
    ).all()
    // A damaged row is refused, not skipped: an alarm that cannot be read still stops every send.
    return rowsOf(RowSchema, rows, TABLE).map(toAltered)
  }

  all(): AlteredWithdrawal[] {
    const rows = statement(this.db, 'SELECT * FROM altered_withdrawals ORDER BY detected_at').all()
    return rowsOf(RowSchema, rows, TABLE).map(toAltered)
  }

  find(idOrKey: string): AlteredWithdrawal | null {
    const row = statement(this.db, 'SELECT * FROM altered_withdrawals WHERE withdrawal_id = ?1 OR key = ?1').get(
      idOrKey,
    )
    return row ? toAltered(rowOf(RowSchema, row, TABLE)) : null
  }

  acknowledge(withdrawalId: string, by: string, at: string): void {
    statement(
      this.db,
      'UPDATE altered_withdrawals SET acknowledged_at = ?, acknowledged_by = ? WHERE withdrawal_id = ? AND ' +
        'acknowledged_at IS NULL',
    ).run(at, by, withdrawalId)
  }
}

export const alteredWithdrawals: RepoFactory<AlteredWithdrawals> = (db) => new AlteredWithdrawals(db)
