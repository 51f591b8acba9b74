import { z } from 'zod'
import { CreateWithdrawalSchema } from '../../api/requests'
import { WithdrawalSchema } from '../../api/resources'
import { text } from '../../api/text'
import { channels } from '../channel'
import { PayoutReferenceSchema } from '../../payouts/payout-notes'
import { OutboxEntryViewSchema, RetypedAmountSchema } from './payouts'

const RequestResultSchema = z.strictObject({ entry: OutboxEntryViewSchema, withdrawal: WithdrawalSchema.nullable() })
const testKey = text().min(1).max(128)

/**
 * A test payout sent before the full one, and the rest it leaves: `waiting` until the provider reports it completed
 * (then the rest is offered), `failed` when it was refused, rejected, failed, expired or cancelled (no rest is
 * offered).
 */
export const TestPayoutViewSchema = z.strictObject({
  testKey: text(),
  /** The test payout as recorded: the same wallet, destination and network as the rest. */
  body: CreateWithdrawalSchema,
  fullAmount: text(),
  restAmount: text(),
  createdAt: text(),
  state: z.enum(['waiting', 'completed', 'failed']),
  /** The provider's status word, or the outbox state before the provider has it. */
  status: text(),
  /** Why it failed, when it did (the provider's or the outbox's words). */
  reason: text().nullable(),
  withdrawalId: text().nullable(),
})
export type TestPayoutView = z.infer<typeof TestPayoutViewSchema>

export const firstPayoutChannels = channels({
  /** True when no payout to the address (on this network) has completed, in the outbox or the ledger. */
  'payouts.firstPayout': {
    input: z.strictObject({ network: text().min(1).max(64), address: text().min(1).max(128) }),
    output: z.strictObject({ first: z.boolean() }),
  },
  /**
   * Sends `testAmount` of the payout now; the rest (full − test) is offered once it completes. Both keep `reference`.
   */
  'payouts.requestTest': {
    input: z.strictObject({
      body: CreateWithdrawalSchema,
      testAmount: text().min(1).max(64),
      reference: PayoutReferenceSchema.optional(),
      retypedAmount: RetypedAmountSchema,
    }),
    output: RequestResultSchema,
  },
  /** Test payouts whose rest is neither sent nor dropped, oldest first. */
  'payouts.tests': { input: z.strictObject({}), output: z.array(TestPayoutViewSchema) },
  /** The rest of a completed test payout: same wallet, destination, network and fee priority. */
  'payouts.requestRest': {
    input: z.strictObject({ testKey, retypedAmount: RetypedAmountSchema }),
    output: RequestResultSchema,
  },
  /** Drops the rest of a test payout: it is no longer offered. */
  'payouts.dismissTest': { input: z.strictObject({ testKey }), output: z.strictObject({}) },
})
