import { z } from 'zod'
import { LedgerPageSchema, LedgerRowSchema } from '../api/ledger-query'
import { LegNoteSchema } from '../api/leg-notes'
import { CounterpartySchema, TransactionLegSchema, WalletSchema } from '../api/resources'
import { LookalikeFindingSchema } from '../address/lookalike-finding'
import { untrusted } from '../text/untrusted-text'

/**
 * The provider's resources as a page sees them: the same schemas, with someone else's text (a wallet's name, a
 * destination's label and owner, a party's name, a note) parsed into UntrustedText.
 */
export const WalletViewSchema = WalletSchema.extend({ name: untrusted() })
export type WalletView = z.output<typeof WalletViewSchema>

export const CounterpartyViewSchema = CounterpartySchema.extend({
  label: untrusted(),
  first_name: untrusted().optional(),
  last_name: untrusted().optional(),
  company_name: untrusted().optional(),
  vasp_name: untrusted().optional(),
})
export type CounterpartyView = z.output<typeof CounterpartyViewSchema>

const PartyViewSchema = z.object({ name: untrusted().nullable(), address: z.string() })
const partyViews = { from: PartyViewSchema, to: PartyViewSchema }

export const TransactionLegViewSchema = TransactionLegSchema.extend(partyViews)
export type TransactionLegView = z.output<typeof TransactionLegViewSchema>

export const LedgerRowViewSchema = LedgerRowSchema.extend(partyViews)
export type LedgerRowView = z.output<typeof LedgerRowViewSchema>

export const LedgerPageViewSchema = LedgerPageSchema.extend({ rows: z.array(LedgerRowViewSchema) })
export type LedgerPageView = z.output<typeof LedgerPageViewSchema>

export const LegNoteViewSchema = LegNoteSchema.extend({ note: untrusted().nullable() })
export type LegNoteView = z.output<typeof LegNoteViewSchema>

export const LookalikeFindingViewSchema = LookalikeFindingSchema.extend({ label: untrusted().nullable() })
export type LookalikeFindingView = z.output<typeof LookalikeFindingViewSchema>
