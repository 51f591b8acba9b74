import { z } from 'zod'
import { WithdrawalSchema } from '../../api/resources'
import { text } from '../../api/text'
import { HoldSchema } from '../../policy/hold-schema'
import { untrusted } from '../../text/untrusted-text'
import { HeldExpiryHoursSchema } from '../../policy/held-expiry'
import { plainText } from '../../text/plain-text'
import { PolicyFieldChangeSchema } from '../../policy/policy-diff'
import { PolicySchema } from '../../policy/policy-schema'
import { BacktestReportSchema, BacktestRowSchema, MAX_BACKTEST_DAYS } from '../../policy/backtest-report'
import { channels } from '../channel'
import { SecondPersonSchema } from './desk-lock'
import { OutboxEntryViewSchema } from './payouts'

const profileId = text().min(1).max(64)

/**
 * A held agent payout: the outbox entry and why it is held, with what it pays (null for a hold recorded before the
 * check was kept).
 */
const HoldViewSchema = HoldSchema.extend({ walletName: untrusted(text()), destinationName: untrusted(text()) })
export const HeldPayoutViewSchema = OutboxEntryViewSchema.extend({
  hold: HoldViewSchema.nullable(),
  expiresAt: z.string(),
})
/** A held payout as a page gets it (someone else's text as UntrustedText). */
export type HeldPayoutView = z.output<typeof HeldPayoutViewSchema>
/** The same as core builds it, with plain strings. */
export type HeldPayoutReply = z.input<typeof HeldPayoutViewSchema>
const idempotencyKey = text().min(1).max(128)

/** A loosening that waits for its time (policy null: a clear), with the fields it changes. */
export const PendingPolicyViewSchema = z.strictObject({
  policy: PolicySchema.nullable(),
  effectiveAt: z.string(),
  setBy: z.string(),
  changes: z.array(PolicyFieldChangeSchema),
})
export type PendingPolicyView = z.infer<typeof PendingPolicyViewSchema>

/** One kept policy version; `pending` whose time came reads `applied`. */
export const PolicyVersionViewSchema = z.strictObject({
  seq: z.number().int(),
  policy: PolicySchema.nullable(),
  setAt: z.string(),
  setBy: z.string(),
  effectiveAt: z.string(),
  status: z.enum(['applied', 'pending', 'cancelled', 'superseded']),
  changes: z.array(PolicyFieldChangeSchema),
  endedAt: z.string().nullable(),
  endedBy: z.string().nullable(),
})
export type PolicyVersionView = z.infer<typeof PolicyVersionViewSchema>

/** The agent stop switch of a profile: stopped since `at`, or not. */
export const AgentStopViewSchema = z.strictObject({
  stopped: z.boolean(),
  at: z.string().nullable(),
  reason: z.string().nullable(),
})
export type AgentStopView = z.infer<typeof AgentStopViewSchema>

/** A profile's agent policy as the app shows it, with its rules in plain sentences. */
export const PolicyViewSchema = z.strictObject({
  /** `default`: no policy set, every agent payout is held; `unreadable`: every agent request is refused. */
  kind: z.enum(['default', 'set', 'unreadable']),
  policy: PolicySchema.nullable(),
  setAt: z.string().nullable(),
  setBy: z.string().nullable(),
  problem: z.string().nullable(),
  rules: z.array(z.string()),
  /** A loosening waiting for its time; the policy above stays in force until then. */
  pending: PendingPolicyViewSchema.nullable(),
  /** How long a loosening waits, in minutes. */
  delayMinutes: z.number().int(),
})
export type PolicyView = z.infer<typeof PolicyViewSchema>

/**
 * A backtest as the panel gets it: what the agent sent (its key, address, asset and amount) and the refusal that
 * quotes it, as someone else's text.
 */
const BacktestRowViewSchema = BacktestRowSchema.extend({
  key: untrusted().nullable(),
  asset: untrusted(),
  amount: untrusted(),
  network: untrusted(),
  destination: untrusted(),
  would: BacktestRowSchema.shape.would.extend({ message: untrusted().nullable() }),
})
export const BacktestViewSchema = BacktestReportSchema.extend({ rows: z.array(BacktestRowViewSchema) })
export type BacktestView = z.output<typeof BacktestViewSchema>
export type BacktestRowView = BacktestView['rows'][number]

export const policyChannels = channels({
  'policy.show': { input: z.strictObject({ profileId }), output: PolicyViewSchema },
  /** Replaces the whole policy; listed destination ids are checked against the provider's book. */
  /** `second`: under four eyes, a loosening names a second treasurer or admin, passphrase checked in the core. */
  'policy.set': {
    input: z.strictObject({ profileId, policy: PolicySchema, second: SecondPersonSchema.optional() }),
    output: PolicyViewSchema,
  },
  /** Back to the default: every agent payout is held for a person. */
  'policy.clear': {
    input: z.strictObject({ profileId, second: SecondPersonSchema.optional() }),
    output: PolicyViewSchema,
  },
  /** Every policy version a person set on the profile, newest first. */
  'policy.history': { input: z.strictObject({ profileId }), output: z.array(PolicyVersionViewSchema) },
  /**
   * Replays the profile's recorded agent payout requests of the last `days` days under a proposed policy (the file
   * form `policy show --json` prints), from the store alone, as `policy backtest` does.
   */
  'policy.backtest': {
    input: z.strictObject({ profileId, policy: PolicySchema, days: z.number().int().min(1).max(MAX_BACKTEST_DAYS) }),
    output: BacktestViewSchema,
  },
  /** Cancels the loosening that waits for its time; the policy in force stays. */
  'policy.cancelPending': { input: z.strictObject({ profileId }), output: PolicyViewSchema },
  /** Whether the profile's agent payouts are stopped at the send gate. */
  'agent.stopStatus': { input: z.strictObject({ profileId }), output: AgentStopViewSchema },
  /** Stops every agent payout of the profile at the send gate (new, queued, held); audited. */
  'agent.stop': {
    input: z.strictObject({ profileId, reason: plainText().trim().max(500).nullable() }),
    output: AgentStopViewSchema,
  },
  /** Lets the profile's agent payouts through the send gate again, under the policy in force; audited. */
  'agent.resume': { input: z.strictObject({ profileId }), output: AgentStopViewSchema },
  /** The open profile's agent payouts held for a person, oldest first. */
  'held.list': { input: z.strictObject({}), output: z.array(HeldPayoutViewSchema) },
  /** Sends a held payout under the agent's Idempotency-Key and recorded body. */
  /**
   * `override`: the rule of the policy in force now that refuses it, named by the person who sends it anyway (audited).
   */
  'held.release': {
    input: z.strictObject({ idempotencyKey, override: z.string().max(64).nullable().optional() }),
    output: z.strictObject({ entry: OutboxEntryViewSchema, withdrawal: WithdrawalSchema.nullable() }),
  },
  /** How long the open profile's held payouts wait for a person before they expire as held_expired. */
  'held.expiry': { input: z.strictObject({}), output: z.strictObject({ hours: z.number().int() }) },
  'held.setExpiry': {
    input: z.strictObject({ hours: HeldExpiryHoursSchema }),
    output: z.strictObject({ hours: z.number().int() }),
  },
  /** Nothing is sent; the agent reads the reason on its next retry with the key. */
  'held.reject': {
    input: z.strictObject({ idempotencyKey, reason: plainText().trim().min(1).max(500) }),
    output: OutboxEntryViewSchema,
  },
})
