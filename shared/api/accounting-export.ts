import { z } from 'zod'
import { LedgerFilterSchema } from './ledger-query'
import { text } from './text'

/**
 * The accounting presets of the ledger export, each in its tool's documented import format:
 * `generic` double-entry, Xero bank statement, QuickBooks Online 3- and 4-column bank CSV, Cryptio's custom template.
 */
export const ACCOUNTING_FORMATS = ['generic', 'xero', 'qbo3', 'qbo4', 'cryptio'] as const
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number]

export const ACCOUNTING_FORMAT_NAMES: Record<AccountingFormat, string> = {
  generic: 'Generic double-entry CSV',
  xero: 'Xero bank statement CSV',
  qbo3: 'QuickBooks Online, 3 columns',
  qbo4: 'QuickBooks Online, 4 columns',
  cryptio: 'Cryptio custom CSV template',
}

/** Bank statement formats: one account in one currency, so one asset per file. */
export const STATEMENT_FORMATS: readonly AccountingFormat[] = ['xero', 'qbo3', 'qbo4']

/** An IANA time zone the runtime knows ("UTC", "Europe/Berlin"). */
export const TimeZoneSchema = text()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone })
      return true
    } catch {
      return false
    }
  }, 'an IANA time zone such as UTC or Europe/Berlin')

export const FiatSchema = z.string().regex(/^[A-Z]{3}$/, 'a three-letter currency code such as USD')

export const AccountingOptionsSchema = z.strictObject({
  format: z.enum(ACCOUNTING_FORMATS),
  /** Dates are written in this zone (Cryptio's template is always UTC, as its import asks). */
  timeZone: TimeZoneSchema.default('UTC'),
  /** The fiat of the imported price table to value movements in; without it the fiat cells stay blank. */
  fiat: FiatSchema.optional(),
})
export type AccountingOptions = z.input<typeof AccountingOptionsSchema>

/** The Transactions screen's export: its filter, and a preset when one is chosen (none: the ledger's own columns). */
export const LedgerExportRequestSchema = LedgerFilterSchema.extend({ accounting: AccountingOptionsSchema.optional() })
export type LedgerExportRequest = z.input<typeof LedgerExportRequestSchema>

/** One line of an imported price table. */
export interface PriceRow {
  date: string
  asset: string
  fiat: string
  price: string
}

export const PriceTableSummarySchema = z.strictObject({
  rows: z.number().int(),
  fiats: z.array(z.string()),
  from: z.string().nullable(),
  to: z.string().nullable(),
  importedAt: z.string().nullable(),
  source: z.string().nullable(),
  /** Prices of the last import that lower an asset's USD value: they wait for the loosening delay (cancellable). */
  waiting: z.strictObject({ rates: z.number().int(), effectiveAt: z.string() }).nullable(),
})
export type PriceTableSummary = z.infer<typeof PriceTableSummarySchema>
