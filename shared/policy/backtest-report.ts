import { z } from 'zod'

const Outcome = z.enum(['allowed', 'held', 'refused'])

/** The longest period a backtest replays, in days (the CLI, the app and core alike). */
export const MAX_BACKTEST_DAYS = 366

/** One recorded agent request: what the policy in force did, and what the proposed policy would have done. */
export const BacktestRowSchema = z.strictObject({
  key: z.string().nullable(),
  at: z.string(),
  asset: z.string(),
  amount: z.string(),
  network: z.string(),
  destination: z.string(),
  happened: z.strictObject({ outcome: Outcome, rule: z.string().nullable(), sent: z.boolean() }),
  would: z.strictObject({ outcome: Outcome, rule: z.string().nullable(), message: z.string().nullable() }),
})
export type BacktestRow = z.infer<typeof BacktestRowSchema>

/** `was`: sent, or the policy's outcome when it was not sent. */
export const BacktestChangeSchema = z.strictObject({
  would: Outcome,
  was: z.enum(['sent', 'allowed', 'held', 'refused']),
  count: z.number().int(),
})

export const BacktestReportSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  requests: z.number().int(),
  /** Requests recorded before their facts were kept (a refusal before this build): not replayed. */
  skipped: z.number().int(),
  would: z.strictObject({ allowed: z.number().int(), held: z.number().int(), refused: z.number().int() }),
  changes: z.array(BacktestChangeSchema),
  rows: z.array(BacktestRowSchema),
})
export type BacktestReport = z.infer<typeof BacktestReportSchema>

/** "12 allowed that were held; 3 refused that were sent", or that nothing would change. */
export function changesSentence(r: Pick<BacktestReport, 'changes'>): string {
  const moved = r.changes.filter((c) => c.count > 0)
  if (moved.length === 0) return 'No request would have had another outcome.'
  return moved.map((c) => `${c.count} ${c.would} that ${c.count === 1 ? 'was' : 'were'} ${c.was}`).join('; ')
}
