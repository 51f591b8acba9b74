import { z } from 'zod'
import { ClosePeriodSchema, ClosePrepSchema, CloseListRowSchema, BLOCKER_KINDS } from '../../api/close'
import { TimeZoneSchema, FiatSchema } from '../../api/accounting-export'
import { text } from '../../api/text'
import { untrusted } from '../../text/untrusted-text'
import { channels } from '../channel'

/** A blocker as the screen shows it: its message and items may name wallets and parties (someone else's text). */
const CloseBlockerViewSchema = z.strictObject({
  kind: z.enum(BLOCKER_KINDS),
  message: untrusted(),
  fix: z.string(),
  items: z.array(untrusted()),
})

/** Month-end close: what stands between a month and its close, and the months closed. */
export const closeChannels = channels({
  /**
   * Reads the period over one view of the ledger and the provider's balances fresh; writes only the movements the
   * provider recorded late into the period or the last locked one, into the ledger.
   */
  'close.prepare': {
    input: z.strictObject({
      period: ClosePeriodSchema,
      timeZone: TimeZoneSchema.optional(),
      fiat: FiatSchema.optional(),
    }),
    output: ClosePrepSchema.extend({ blockers: z.array(CloseBlockerViewSchema), adjustments: z.array(untrusted()) }),
  },
  'close.list': { input: z.strictObject({}), output: z.array(CloseListRowSchema.extend({ closedBy: untrusted() })) },
  /**
   * Locks a month as the person at the desk (the act guard; audited) and writes its pack to the folder the shell's
   * save dialog names; `acceptNote` signs off what `close.prepare` found.
   */
  'close.lock': {
    input: z.strictObject({
      period: ClosePeriodSchema,
      timeZone: TimeZoneSchema.optional(),
      fiat: FiatSchema.optional(),
      costBasis: z.boolean().optional(),
      acceptNote: text().trim().min(1).max(1000).optional(),
    }),
    output: z.strictObject({ period: z.string(), folder: z.string().nullable(), files: z.number().int() }),
  },
  /**
   * Imports the account mapping from a file the page read (`wallet,asset,kind,account`) as the person at the desk
   * (audited, as the CLI's `history map import`); a bad line refuses the file, naming every bad line.
   */
  'close.importMap': {
    input: z.strictObject({ source: text().min(1).max(260), text: text().max(2 * 1024 * 1024) }),
    output: z.strictObject({ rows: z.number().int(), fromPeriod: z.string(), fileSha256: z.string() }),
  },
  /** Reopens a locked month with the person's reason (audited); answers the pack the next lock replaces. */
  'close.reopen': {
    input: z.strictObject({ period: ClosePeriodSchema, reason: text().trim().min(1).max(1000) }),
    output: z.strictObject({ period: z.string(), replaces: z.string() }),
  },
})
