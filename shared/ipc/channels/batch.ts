import { z } from 'zod'
import { CreateWithdrawalSchema } from '../../api/requests'
import { text } from '../../api/text'
import { channels } from '../channel'
import { untrusted } from '../../text/untrusted-text'
import { OutboxStateSchema } from './payouts'
import { ApprovalCountsSchema } from '../../payouts/approval-progress'

/** The file as the page read it (a file dialog or an upload: base64 of its bytes) or rows pasted from a spreadsheet. */
export const BatchInputSchema = z.strictObject({
  source: text().min(1).max(260),
  /** 5 MB of bytes is at most 6,990,508 base64 characters; anything longer is refused before decoding. */
  base64: text().max(7_000_000).optional(),
  text: text()
    .max(5 * 1024 * 1024)
    .optional(),
  /** The wallet (id or name) for rows that leave the column empty. */
  wallet: text().max(128).optional(),
})

export const RowProblemSchema = z.strictObject({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
  severity: z.enum(['error', 'confirm']),
})

export const BatchCheckViewSchema = z.strictObject({
  rows: z.array(
    z.strictObject({
      line: z.number().int(),
      body: CreateWithdrawalSchema,
      reference: untrusted().nullable(),
      destinationName: untrusted(),
      walletName: untrusted(),
    }),
  ),
  problems: z.array(RowProblemSchema),
  totals: z.array(
    z.strictObject({
      walletId: z.string(),
      walletName: untrusted(),
      asset: z.string(),
      network: z.string(),
      rows: z.number().int(),
      total: z.string(),
      available: z.string(),
      usd: z.number().nullable(),
    }),
  ),
  grandTotal: z.string(),
  lineCount: z.number().int(),
  /** The first row of each destination no payout has completed to (never paid before). */
  firstPayouts: z.array(
    z.strictObject({ line: z.number().int(), destinationName: untrusted(), network: z.string(), address: z.string() }),
  ),
})

export const BatchProgressSchema = z.strictObject({
  batchId: z.string(),
  intent: z.enum(['running', 'paused', 'cancelled']),
  total: z.number().int(),
  sent: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  accepted: z.number().int(),
  refused: z.number().int(),
  unknown: z.number().int(),
  discarded: z.number().int(),
  /** The accepted rows by approval status: waiting, approved, completed, rejected, expired, failed, cancelled. */
  approval: ApprovalCountsSchema,
  finished: z.boolean(),
  /** Running and unfinished, but no live process sends it (its sender was killed or closed): Resume continues it. */
  senderGone: z.boolean(),
})

export const BatchRecordSchema = z.strictObject({
  id: z.string(),
  createdAt: z.string(),
  requestedBy: untrusted(),
  source: z.string(),
  state: z.enum(['running', 'paused', 'cancelled']),
  rowCount: z.number().int(),
  grandTotal: z.string(),
  updatedAt: z.string(),
})

export const BatchRowViewSchema = z.strictObject({
  line: z.number().int(),
  reference: untrusted().nullable(),
  destination: z.string(),
  address: z.string(),
  amount: z.string(),
  asset: z.string(),
  network: z.string().nullable(),
  idempotencyKey: z.string(),
  state: OutboxStateSchema,
  withdrawalId: z.string().nullable(),
  payoutStatus: z.string().nullable(),
  error: z.string().nullable(),
  /** The Idempotency-Key of the new payout a person requested this row again as, if they did. */
  requestedAgain: z.string().nullable(),
})

const batchId = z.strictObject({ batchId: text().min(1).max(64) })

export const batchChannels = channels({
  /** Reads and checks a batch file; sends nothing. */
  'batch.check': { input: BatchInputSchema, output: BatchCheckViewSchema },
  /** Checks again, records every row (one transaction) and starts sending in the background. */
  'batch.submit': {
    input: BatchInputSchema.extend({
      confirmDuplicates: z.boolean(),
      retypedTotal: text().max(200).nullable(),
      /** The destinations never paid before (`firstPayouts` of the check) were confirmed; absent is not confirmed. */
      confirmFirstPayouts: z.boolean().optional(),
    }),
    output: z.strictObject({ batch: BatchRecordSchema, progress: BatchProgressSchema }),
  },
  'batch.list': {
    input: z.strictObject({}),
    output: z.array(z.strictObject({ batch: BatchRecordSchema, progress: BatchProgressSchema })),
  },
  'batch.status': {
    /** `refresh` first reads the payouts' current status from the provider, a page of 100 at a time. */
    input: batchId.extend({ state: text().max(32).optional(), refresh: z.boolean().optional() }),
    output: z.strictObject({
      batch: BatchRecordSchema,
      progress: BatchProgressSchema,
      rows: z.array(BatchRowViewSchema),
    }),
  },
  'batch.pause': { input: batchId, output: BatchProgressSchema },
  'batch.resume': { input: batchId, output: BatchProgressSchema },
  'batch.cancel': { input: batchId, output: BatchProgressSchema },
  /** The shell chooses the file (a save dialog; the demo saves to Downloads). */
  'batch.export': { input: batchId, output: z.strictObject({ path: z.string().nullable(), rows: z.number().int() }) },
  /**
   * The batch's one approval pack (its payouts that wait for approval, totals by wallet and asset, the SHA-256 of the
   * list) saved where the shell chooses; refused when none waits.
   */
  'batch.savePack': {
    input: batchId,
    output: z.strictObject({ path: z.string().nullable(), count: z.number().int(), sha256: z.string() }),
  },
})
