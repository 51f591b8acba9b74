import { z } from 'zod'

const sum = z.strictObject({ count: z.number().int(), sum: z.string() })

/**
 * What the provider said of a roll-forward row's balance: not asked (period not ending at the last sync), read, or not
 * read.
 */
export const ProviderBalanceSchema = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('not_compared'), reason: z.string() }),
  z.strictObject({
    state: z.literal('read'),
    amount: z.string(),
    readAt: z.string(),
    difference: z.string().nullable(),
  }),
  z.strictObject({ state: z.literal('not_read'), message: z.string(), requestId: z.string().nullable() }),
])
export type ProviderBalance = z.infer<typeof ProviderBalanceSchema>

/**
 * Roll-forward per wallet, asset and network: opening + incoming − outgoing − fees (± internal, which
 * moves within the wallet and nets to zero) = closing. Opening and closing are null when unknown: the
 * ledger does not reach back to the wallet's first movement, so no zero is ever put in their place.
 */
export const RollForwardRowSchema = z.strictObject({
  walletId: z.string(),
  asset: z.string(),
  network: z.string(),
  opening: z.string().nullable(),
  incoming: z.string(),
  outgoing: z.string(),
  fees: z.string(),
  internal: z.string(),
  closing: z.string().nullable(),
  provider: ProviderBalanceSchema,
  /** Movements of this row not final yet (in the period or before it): what may explain a difference. */
  notFinal: z.array(
    z.strictObject({
      id: z.string(),
      direction: z.string(),
      amount: z.string(),
      fee: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
})
export type RollForwardRow = z.infer<typeof RollForwardRowSchema>

export const RollForwardSchema = z.strictObject({
  /** Why the opening balances are unknown, or null when the ledger holds every movement from the first. */
  openingUnknownBecause: z.string().nullable(),
  /** The period ends at the last sync, so closings were compared with the provider's balances. */
  compared: z.boolean(),
  rows: z.array(RollForwardRowSchema),
})
export type RollForward = z.infer<typeof RollForwardSchema>

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
      /** Incoming legs flagged as suspected address poisoning (counted in `incoming` too: they did arrive). */
      suspectedPoisoning: z.number().int(),
    }),
  ),
  /** Every flagged leg of the period, over all groups. */
  suspectedPoisoning: z.number().int(),
  /** Back-to-back recorded-time ranges (from, to] over the period with their row counts. */
  coverage: z.array(z.strictObject({ from: z.string(), to: z.string(), rows: z.number().int() })),
  rows: z.number().int(),
  /** Distinct (id, direction) pairs: equal to rows, or the ledger holds a movement twice. */
  distinctRows: z.number().int(),
  notFinal: z.array(
    z.strictObject({
      id: z.string(),
      direction: z.string(),
      walletId: z.string().nullable(),
      status: z.string(),
      readAt: z.string(),
    }),
  ),
  rollForward: RollForwardSchema,
})
export type ReconciliationReport = z.infer<typeof ReconciliationReportSchema>
export type ReportGroup = ReconciliationReport['groups'][number]
export type Sum = ReportGroup['incoming']
