import { z } from 'zod'
import { text } from '../../api/text'
import { CreateCounterpartySchema, TransactionQuerySchema, WithdrawalQuerySchema } from '../../api/requests'
import { WITHDRAWAL_STATUSES, WithdrawalSchema } from '../../api/resources'
import { LedgerExportRequestSchema } from '../../api/accounting-export'
import { LIMITS } from '../../api/limits'
import { channels } from '../channel'
import { ExportResultSchema } from '../export-result'
import {
  CounterpartyViewSchema,
  LookalikeFindingViewSchema,
  TransactionLegViewSchema,
  WalletViewSchema,
} from '../views'

const id = text().min(1).max(LIMITS.id)

export const PacingViewSchema = z.strictObject({
  limit: z.number().int(),
  windowSeconds: z.number(),
  remaining: z.number().int(),
  /**
   * Of the requests in the window, those nobody waits for (following payouts, the history sync); a person's go first.
   */
  background: z.number().int().optional(),
  /** Epoch ms of the last successful answer from the provider, for "refreshed at". */
  lastSuccessAt: z.number().nullable(),
  /**
   * A person's request waiting for a place in the budget now (epoch ms since, and until when it expects to start: null
   * while the requests it waits for are in flight), and why: the budget is spent, or the provider said Retry-After.
   */
  waiting: z
    .strictObject({ since: z.number(), until: z.number().nullable(), reason: z.enum(['budget', 'retry_after']) })
    .nullable()
    .optional(),
})

export const treasuryChannels = channels({
  'wallets.list': { input: z.strictObject({}), output: z.array(WalletViewSchema) },
  'wallets.get': { input: z.strictObject({ walletId: id }), output: WalletViewSchema },
  'transactions.page': {
    input: TransactionQuerySchema,
    output: z.strictObject({ rows: z.array(TransactionLegViewSchema), nextCursor: text().nullable() }),
  },
  'transactions.get': { input: z.strictObject({ transactionId: id }), output: z.array(TransactionLegViewSchema) },
  /**
   * Every ledger row of the Transactions screen's filter to CSV, oldest first, read from the local ledger (not the
   * provider). The shell chooses the file (a save dialog in the app); a page never names a path. Progress arrives as
   * events.
   * With `accounting`, the file is that preset (Xero, QuickBooks, Cryptio, generic double-entry) instead of the
   * ledger's columns.
   */
  'transactions.export': { input: LedgerExportRequestSchema, output: ExportResultSchema },
  'transactions.cancelExport': {
    input: z.strictObject({ exportId: text() }),
    output: z.strictObject({ cancelled: z.boolean() }),
  },
  'counterparties.list': { input: z.strictObject({}), output: z.array(CounterpartyViewSchema) },
  'counterparties.create': {
    input: CreateCounterpartySchema,
    output: z.strictObject({ counterparty: CounterpartyViewSchema, alreadyExists: z.boolean() }),
  },
  /**
   * What a new destination's address resembles among every address the profile knows; the form shows the comparison.
   */
  'counterparties.lookalikes': {
    input: z.strictObject({ network: text().min(1).max(LIMITS.network), address: text().min(1).max(LIMITS.address) }),
    output: z.array(LookalikeFindingViewSchema),
  },
  /** Saves a look-alike after the person compared both addresses: `acceptLookalike` is the new address, exactly. */
  'counterparties.createLookalike': {
    input: z.strictObject({ body: CreateCounterpartySchema, acceptLookalike: text().min(1).max(LIMITS.address) }),
    output: z.strictObject({ counterparty: CounterpartyViewSchema, alreadyExists: z.boolean() }),
  },
  'withdrawals.list': {
    input: WithdrawalQuerySchema.omit({ limit: true, offset: true }),
    output: z.array(WithdrawalSchema),
  },
  'withdrawals.get': {
    input: z.strictObject({ withdrawalId: id }),
    output: z.strictObject({ withdrawal: WithdrawalSchema, stale: z.boolean() }),
  },
  'withdrawals.cancel': { input: z.strictObject({ withdrawalId: id }), output: WithdrawalSchema },
  /**
   * Payouts of the list's filter to CSV, like `transactions.export`: the shell chooses the file, progress arrives as
   * events.
   */
  'withdrawals.export': {
    input: WithdrawalQuerySchema.omit({ limit: true, offset: true }).extend({
      status: z.enum(WITHDRAWAL_STATUSES).optional(),
    }),
    output: ExportResultSchema,
  },
  'withdrawals.cancelExport': {
    input: z.strictObject({ exportId: text() }),
    output: z.strictObject({ cancelled: z.boolean() }),
  },
  'pacing.status': { input: z.strictObject({}), output: PacingViewSchema },
})
