import { z } from 'zod'

/** The month-end close tables' rows as SQLite answers them, parsed (never cast) by `rowsOf`. */
export const LockedPeriodRowSchema = z.object({
  id: z.number().int(),
  period: z.string(),
  fromAt: z.string(),
  cutoff: z.string(),
  closedBy: z.string(),
  closedAt: z.string(),
})

export const PackFileRowSchema = z.object({ name: z.string(), bytes: z.instanceof(Uint8Array) })

export const PackLegRowSchema = z.object({ id: z.string(), direction: z.string(), status: z.string() })

export const PayoutRefRowSchema = z.object({
  onchain: z.string(),
  payoutId: z.string(),
  key: z.string(),
  runLine: z.string().nullable(),
})
