import { z } from 'zod'
import { text } from '../../api/text'
import { channels } from '../channel'
import { untrusted } from '../../text/untrusted-text'
import { RowProblemSchema } from './batch'

const PERIOD = /^\d{4}-\d{2}-\d{2}$/

export const RunSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  schedule: z.string(),
  lines: z.number().int(),
  next: z.strictObject({ period: z.string().nullable(), state: z.enum(['overdue', 'due_today', 'upcoming', 'ended']) }),
  lastSent: z.string().nullable(),
})

const FundsRowSchema = z.strictObject({
  walletId: z.string(),
  walletName: untrusted(),
  asset: z.string(),
  network: z.string(),
  payouts: z.number().int(),
  total: z.string(),
  feeMargin: z.string(),
  needed: z.string(),
  available: z.string(),
  missing: z.string().nullable(),
  firstLine: z.number().int(),
})

export const RunPreviewViewSchema = z.strictObject({
  runId: z.string(),
  name: z.string(),
  period: z.string(),
  done: z.enum(['sent', 'skipped']).nullable(),
  lastSent: z.string().nullable(),
  lines: z.array(
    z.strictObject({
      line: z.number().int(),
      lineId: z.string(),
      payee: untrusted(),
      key: z.string(),
      amount: z.string(),
      asset: z.string(),
      usd: z.strictObject({ usd: z.string(), rate: z.string(), date: z.string() }).nullable(),
      destinationName: untrusted(),
      address: z.string(),
      network: z.string(),
      walletName: untrusted(),
      changes: z.array(z.enum(['new_payee', 'changed_amount', 'new_destination'])),
      before: z.string().nullable(),
      invoiceNumber: z.string().nullable(),
      invoiceNote: z.string().nullable(),
    }),
  ),
  removed: z.array(
    z.strictObject({
      lineId: z.string(),
      payee: untrusted(),
      key: z.string(),
      destination: z.string(),
      network: z.string(),
      asset: z.string(),
      amount: z.string(),
      walletId: z.string(),
      elsewhere: z.boolean(),
    }),
  ),
  problems: z.array(RowProblemSchema),
  funds: z.array(FundsRowSchema),
  shortfalls: z.array(z.string()),
  grandTotal: z.string(),
  /** Destinations of the period no payout has completed to yet: the send asks them acknowledged. */
  firstPayoutCount: z.number().int(),
})

export const payRunChannels = channels({
  /** The profile's pay runs with each one's next due period. */
  'payRuns.list': { input: z.strictObject({}), output: z.array(RunSummarySchema) },
  /** A period's lines, what changed since the last period sent and the funds check; records nothing. */
  'payRuns.preview': {
    input: z.strictObject({ name: text().min(1).max(120), period: text().regex(PERIOD).optional() }),
    output: RunPreviewViewSchema,
  },
})
