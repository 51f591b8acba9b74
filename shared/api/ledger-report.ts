import { z } from 'zod'

const sum = z.strictObject({ count: z.number().int(), sum: z.string() })

/** The reconciliation report of a period (from, to] as the ledger computes it; sums are exact decimal strings. */
export const ReconciliationReportSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  walletIds: z.array(z.string()).nullable(),
  syncedTo: z.string(),
  /** Per wallet, asset and network; fees count under the asset they were paid in. */
  groups: z.array(
    z.strictObject({
      walletId: z.string(),
      asset: z.string(),
      network: z.string(),
      incoming: sum,
      outgoing: sum,
      internal: sum,
      fees: sum,
      notFinal: z.number().int(),
    }),
  ),
  /** Back-to-back recorded-time ranges (from, to] over the period with their row counts. */
  coverage: z.array(z.strictObject({ from: z.string(), to: z.string(), rows: z.number().int() })),
  rows: z.number().int(),
  /** Distinct (id, direction) pairs: equal to rows, or the ledger holds a movement twice. */
  distinctRows: z.number().int(),
  notFinal: z.array(z.strictObject({ id: z.string(), direction: z.string(), walletId: z.string().nullable(), status: z.string(), readAt: z.string() })),
})
export type ReconciliationReport = z.infer<typeof ReconciliationReportSchema>
export type ReportGroup = ReconciliationReport['groups'][number]
export type Sum = ReportGroup['incoming']
