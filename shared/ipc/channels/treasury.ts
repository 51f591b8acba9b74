import { z } from 'zod'
import { CreateCounterpartySchema, TransactionQuerySchema, WithdrawalQuerySchema } from '../../api/requests'
import { CounterpartySchema, TransactionLegSchema, WalletSchema, WithdrawalSchema } from '../../api/resources'
import { LIMITS } from '../../api/limits'
import { channels } from '../channel'
import { LedgerPageQuerySchema, LedgerPageSchema, LedgerSummarySchema } from '../../api/ledger-query'
import { ReconciliationReportSchema } from '../../api/ledger-report'
import { EVENTS } from '../events'

const id = z.string().min(1).max(LIMITS.id)

export const PacingViewSchema = z.strictObject({
  limit: z.number().int(),
  windowSeconds: z.number(),
  remaining: z.number().int(),
  /** Epoch ms of the last successful answer from the provider, for "refreshed at". */
  lastSuccessAt: z.number().nullable(),
})

export const treasuryChannels = channels({
  'wallets.list': { input: z.strictObject({}), output: z.array(WalletSchema) },
  'wallets.get': { input: z.strictObject({ walletId: id }), output: WalletSchema },
  'transactions.page': {
    input: TransactionQuerySchema,
    output: z.strictObject({ rows: z.array(TransactionLegSchema), nextCursor: z.string().nullable() }),
  },
  'transactions.get': { input: z.strictObject({ transactionId: id }), output: z.array(TransactionLegSchema) },
  /** The shell chooses the file (a save dialog in the app); a page never names a path. Progress arrives as events. */
  'transactions.export': {
    input: z.strictObject({
      wallet_id: id.optional(),
      created_after: z.string().datetime({ offset: true }).optional(),
      created_before: z.string().datetime({ offset: true }).optional(),
    }),
    output: z.strictObject({ exportId: z.string(), path: z.string().nullable(), rows: z.number().int(), cancelled: z.boolean() }),
  },
  'transactions.cancelExport': { input: z.strictObject({ exportId: z.string() }), output: z.strictObject({ cancelled: z.boolean() }) },
  'counterparties.list': { input: z.strictObject({}), output: z.array(CounterpartySchema) },
  'counterparties.create': {
    input: CreateCounterpartySchema,
    output: z.strictObject({ counterparty: CounterpartySchema, alreadyExists: z.boolean() }),
  },
  'withdrawals.list': { input: WithdrawalQuerySchema.omit({ limit: true, offset: true }), output: z.array(WithdrawalSchema) },
  'withdrawals.get': {
    input: z.strictObject({ withdrawalId: id }),
    output: z.strictObject({ withdrawal: WithdrawalSchema, stale: z.boolean() }),
  },
  'withdrawals.cancel': { input: z.strictObject({ withdrawalId: id }), output: WithdrawalSchema },
  'pacing.status': { input: z.strictObject({}), output: PacingViewSchema },
  /** A page of the local history ledger, filters applied locally; works while the provider is unreachable. */
  'history.page': { input: LedgerPageQuerySchema, output: LedgerPageSchema },
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
  'history.report': {
    input: z.strictObject({ from: z.string().datetime({ offset: true }), to: z.string().datetime({ offset: true }), walletIds: z.array(id).max(100).optional() }),
    output: ReconciliationReportSchema,
  },
  /** The report as CSV with its header block, to a file the shell's save dialog chooses. */
  'history.exportReport': {
    input: z.strictObject({ from: z.string().datetime({ offset: true }), to: z.string().datetime({ offset: true }), walletIds: z.array(id).max(100).optional() }),
    output: z.strictObject({ path: z.string().nullable() }),
  },
})
