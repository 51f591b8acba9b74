import Big from 'big.js'
import { z } from 'zod'
import { DECIMAL_PATTERN, decimalPlaces } from '../api/amount'
import { ASSET_DECIMALS, assetDecimals } from '../api/networks'
import { LIMITS } from '../api/limits'
import { isEncodable, NOT_ENCODABLE, quoteInput } from '../api/text'

/** The key of a per-asset rule that applies to every asset the rule does not name. */
export const OTHER_ASSETS = '*'

/**
 * Destination ids end up in the request_withdrawal description; this charset keeps them inert
 * (no spaces, quotes or markup), so nothing a provider returns can read as an instruction.
 */
const DESTINATION_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/

/**
 * Per-asset amounts. A named asset's amount is positive with at most the asset's decimals; the
 * "all other assets" entry may be 0, which refuses every asset the rule does not name.
 */
const perAsset = z.record(z.string(), z.string()).superRefine((caps, ctx) => {
  for (const [asset, amount] of Object.entries(caps)) {
    const problem = amountProblem(asset, amount)
    // Both sides are someone's input: quoted and cut, so a pasted wall of text stays out of the message.
    if (problem)
      ctx.addIssue({ code: 'custom', path: [asset], message: `${quoteInput(`${asset}=${amount}`)}: ${problem}` })
  }
})

function amountProblem(asset: string, amount: string): string | null {
  if (!isEncodable(asset) || !isEncodable(amount)) return NOT_ENCODABLE
  if (asset !== OTHER_ASSETS && assetDecimals(asset) === undefined) {
    return (
      `unknown asset ${quoteInput(asset)} (known: ${Object.keys(ASSET_DECIMALS).join(', ')}, or ` +
      `${OTHER_ASSETS} for all other assets)`
    )
  }
  if (amount.length > LIMITS.amount || !DECIMAL_PATTERN.test(amount)) return 'not a decimal amount such as 12.5'
  if (asset === OTHER_ASSETS) return null
  if (new Big(amount).lte(0)) return `must be more than 0 (use ${OTHER_ASSETS}=0 to refuse assets a rule does not name)`
  const decimals = assetDecimals(asset)!
  if (decimalPlaces(amount) > decimals) return `${asset} has at most ${decimals} decimal places`
  return null
}

const DestinationRuleSchema = z.discriminatedUnion('kind', [
  /** Any destination the provider lets the key send to (it refuses unverified ones itself). */
  z.strictObject({ kind: z.literal('any') }),
  /** Only destinations verified at least `hours` ago. */
  z.strictObject({
    kind: z.literal('verified_for'),
    hours: z
      .number()
      .positive({ error: 'hours must be more than 0' })
      .max(24 * 366),
  }),
  /** Only these destination (counterparty) ids. */
  z.strictObject({
    kind: z.literal('list'),
    ids: z
      .array(
        z.string().regex(DESTINATION_ID_PATTERN, { error: 'a destination id is 1 to 128 letters, digits, _ . : or -' }),
      )
      .min(1)
      .max(200),
  }),
])
export type DestinationRule = z.infer<typeof DestinationRuleSchema>

/** A dollar amount (the price table's USD), more than 0, at most 2 decimals; null: no such limit. */
const usdCap = z
  .string()
  .max(LIMITS.amount)
  // Not an amount: the check below must not run (big.js throws on what is not a number).
  .regex(/^\d+(\.\d{1,2})?$/, { error: 'a USD amount such as 1000 or 99.50', abort: true })
  .refine((v) => new Big(v).gt(0), { error: 'a USD limit must be more than 0' })
  .nullable()
  .default(null)

/** A count limit (payouts per hour, per day, new destinations per day); null: no such limit. */
const countCap = z.number().int().positive({ error: 'a count limit must be at least 1' }).max(100_000).nullable()

export type PayoutWindow = z.infer<typeof PayoutWindowSchema>
const PayoutWindowSchema = z
  .strictObject({
    /** ISO days of the week: 1 Monday … 7 Sunday. */
    days: z.array(z.number().int().min(1).max(7)).min(1).max(7),
    /** Local wall-clock time in the policy's zone, HH:MM, `from` included, `to` excluded ("24:00": end of day). */
    from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'from is a time HH:MM' }),
    to: z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: 'to is a time HH:MM (24:00 for midnight)' }),
  })
  .refine((w) => w.from < w.to, { error: 'a window ends after it starts (from before to)' })

/** Payouts only inside these windows; outside them, held for a person or refused. */
export const PayoutHoursSchema = z.strictObject({
  timeZone: z.string().refine(isTimeZone, { error: 'an IANA time zone such as Europe/Berlin' }),
  windows: z.array(PayoutWindowSchema).min(1).max(20),
  outside: z.enum(['hold', 'refuse']),
})
export type PayoutHours = z.infer<typeof PayoutHoursSchema>

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone.length <= 64
  } catch {
    return false
  }
}

/** The rules a person sets for the agent's write tools on one profile. Every rule is optional. */
export const PolicySchema = z.strictObject({
  maxPerPayout: perAsset,
  maxPerDay: perAsset,
  maxRequestsPerHour: z
    .number()
    .int()
    .positive({ error: 'the hourly request limit must be at least 1' })
    .max(100_000)
    .nullable(),
  destinations: DestinationRuleSchema,
  holdAbove: perAsset,
  holdAll: z.boolean(),
  /**
   * An agent's first payout to a destination (none completed to that address before) waits for a person. Absent in
   * policies set before the rule existed.
   */
  holdFirstPayout: z.boolean().default(false),
  /** Across assets, valued through the profile's price table at the rate of the day. Absent in older policies. */
  maxUsdPerPayout: usdCap,
  /** In any 24 hours. */
  maxUsdPerDay: usdCap,
  /** In any 7 days (168 hours). */
  maxUsdPer7Days: usdCap,
  hours: PayoutHoursSchema.nullable().default(null),
  maxPayoutsPerHour: countCap.default(null),
  maxPayoutsPerDay: countCap.default(null),
  /** In any 24 hours, at most this many payouts to destinations the agent first paid within those 24 hours. */
  maxNewDestinationPayoutsPerDay: countCap.default(null),
})
export type Policy = z.infer<typeof PolicySchema>

/** A policy as stored: the rules and who set them, when. */
export const StoredPolicySchema = z.strictObject({ policy: PolicySchema, setAt: z.string(), setBy: z.string() })
export type StoredPolicy = z.infer<typeof StoredPolicySchema>

/** No rule at all; what `policy set` starts from. */
export const NO_RULES: Policy = {
  maxPerPayout: {},
  maxPerDay: {},
  maxRequestsPerHour: null,
  destinations: { kind: 'any' },
  holdAbove: {},
  holdAll: false,
  holdFirstPayout: false,
  maxUsdPerPayout: null,
  maxUsdPerDay: null,
  maxUsdPer7Days: null,
  hours: null,
  maxPayoutsPerHour: null,
  maxPayoutsPerDay: null,
  maxNewDestinationPayoutsPerDay: null,
}

/** Until a person sets a policy, every agent payout waits for a person. */
export const DEFAULT_POLICY: Policy = { ...NO_RULES, holdAll: true }

/**
 * The amount a per-asset rule sets for `asset`, or null when the rule does not apply to it. Read as a map with no
 * prototype: an asset named "constructor" or "__proto__" finds only what a person set for it, or the "*" rule.
 */
export function amountFor(rule: Record<string, string>, asset: string): string | null {
  const caps = new Map(Object.entries(rule))
  return caps.get(asset) ?? caps.get(OTHER_ASSETS) ?? null
}

/** Every problem of a candidate policy in one line each, for the CLI and the form. */
export function policyProblems(candidate: unknown): string[] {
  const parsed = PolicySchema.safeParse(candidate)
  if (parsed.success) return []
  return parsed.error.issues.map((i) =>
    i.code === 'custom' || i.path.length === 0 ? i.message : `${i.path.join('.')}: ${i.message}`,
  )
}
