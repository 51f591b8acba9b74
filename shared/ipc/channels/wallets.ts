import { z } from 'zod'
import { text } from '../../api/text'
import { TransactionQuerySchema } from '../../api/requests'
import { LedgerExportRequestSchema } from '../../api/accounting-export'
import { LIMITS } from '../../api/limits'
import { channels } from '../channel'
import { ExportResultSchema } from '../export-result'
import { TransactionLegViewSchema, WalletViewSchema } from '../views'

const id = text().min(1).max(LIMITS.id)

/** Wallets and their movements, read from the provider and the local ledger. */
export const walletChannels = channels({
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
})
