import { z } from 'zod'
import { DustThresholdRowSchema } from '../../address/dust-bait'
import { LegDirectionSchema, TAG_MAX, TAGS_MAX } from '../../api/leg-notes'
import { LIMITS } from '../../api/limits'
import { LedgerPageQuerySchema, LedgerSummarySchema } from '../../api/ledger-query'
import { ReconciliationReportSchema } from '../../api/ledger-report'
import { PriceTableSummarySchema } from '../../api/accounting-export'
import { text } from '../../api/text'
import { NoteSchema } from '../../payouts/payout-notes'
import { channels } from '../channel'
import { ExportResultSchema } from '../export-result'
import { EVENTS } from '../events'
import { LedgerPageViewSchema, LedgerRowViewSchema, LegNoteViewSchema } from '../views'

const id = text().min(1).max(LIMITS.id)
const ReportPeriodSchema = z.strictObject({
  from: z.string().datetime({ offset: true }),
  to: z.string().datetime({ offset: true }),
  walletIds: z.array(id).max(100).optional(),
})

/** The local history ledger: its pages and summary, the sync's controls, the reconciliation report. */
export const historyChannels = channels({
  /** A page of the local history ledger, filters applied locally; works while the provider is unreachable. */
  'history.page': { input: LedgerPageQuerySchema, output: LedgerPageViewSchema },
  /**
   * Every leg of one movement as the ledger holds it (two for a move between own wallets); empty when it holds none.
   */
  'history.legs': { input: z.strictObject({ transactionId: id }), output: z.array(LedgerRowViewSchema) },
  /** The completeness line: what the ledger holds, when it was last synced, and what the sync is doing. */
  'history.summary': {
    input: z.strictObject({}),
    output: z.strictObject({ ledger: LedgerSummarySchema, sync: EVENTS['history.progress'] }),
  },
  /** Starts a sync now (or joins the one under way); progress arrives as `history.progress` events. */
  'history.sync': { input: z.strictObject({}), output: z.strictObject({ started: z.boolean() }) },
  'history.pause': { input: z.strictObject({}), output: z.strictObject({ paused: z.boolean() }) },
  'history.resume': { input: z.strictObject({}), output: z.strictObject({ resumed: z.boolean() }) },
  'history.cancel': { input: z.strictObject({}), output: z.strictObject({ cancelled: z.boolean() }) },
  'history.report': { input: ReportPeriodSchema, output: ReconciliationReportSchema },
  /**
   * The report as CSV with its header block, to a file the shell's save dialog chooses; progress (rows counted)
   * arrives as `export.progress` events under the answer's exportId, and `history.cancelExport` stops it.
   */
  'history.exportReport': { input: ReportPeriodSchema, output: ExportResultSchema },
  'history.cancelExport': {
    input: z.strictObject({ exportId: text() }),
    output: z.strictObject({ cancelled: z.boolean() }),
  },
  /** The profile's imported price table (`date, asset, fiat, price`): how many prices, which fiats, which days. */
  'history.prices': { input: z.strictObject({}), output: PriceTableSummarySchema },
  /**
   * Replaces the price table with a file the page read; a bad or repeated line refuses the whole file, naming the line.
   */
  'history.importPrices': {
    input: z.strictObject({ source: text().min(1).max(260), text: text().max(10 * 1024 * 1024) }),
    output: PriceTableSummarySchema,
  },
  /** Drops the imported prices that still wait for the loosening delay (those in force stay); audited. */
  'history.cancelWaitingPrices': { input: z.strictObject({}), output: PriceTableSummarySchema },
  /** The profile's dust thresholds by asset: incoming dust from a look-alike of a known address is flagged. */
  'history.dustThresholds': { input: z.strictObject({}), output: z.array(DustThresholdRowSchema) },
  /**
   * Sets one asset's threshold; the ledger's legs of that asset are judged again. Answers with the thresholds and the
   * flagged count.
   */
  'history.setDustThreshold': {
    input: z.strictObject({ asset: text().min(1).max(32), below: text().min(1).max(40) }),
    output: z.strictObject({ thresholds: z.array(DustThresholdRowSchema), flagged: z.number().int() }),
  },
  /** The private note and tags of every leg of one movement (outgoing first). */
  'history.legNotes': { input: z.strictObject({ transactionId: id }), output: z.array(LegNoteViewSchema) },
  /**
   * Changes one leg's note ("" removes it) and tags (the whole set); the direction may be left out when the movement
   * has one leg. Answers with what was saved; `history.notesChanged` tells every screen.
   */
  'history.setLegNote': {
    input: z.strictObject({
      transactionId: id,
      direction: LegDirectionSchema.optional(),
      note: NoteSchema.optional(),
      tags: z
        .array(text().max(TAG_MAX * 4))
        .max(TAGS_MAX * 4)
        .optional(),
    }),
    output: LegNoteViewSchema,
  },
})
