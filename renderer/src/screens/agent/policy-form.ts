import {
  NO_RULES,
  PolicySchema,
  type DestinationRule,
  type PayoutWindow,
  type Policy,
} from '@shared/policy/policy-schema'

/** The policy form's fields as typed: per-asset rules as "ASSET=AMOUNT, ASSET=AMOUNT", limits as typed text. */
export interface PolicyDraft {
  maxPerPayout: string
  maxPerDay: string
  maxRequestsPerHour: string
  destinations: DestinationRule['kind']
  verifiedHours: string
  destinationIds: string
  holdAbove: string
  holdAll: boolean
  holdFirstPayout: boolean
  /** USD across assets, as typed (decimal strings, never numbers). */
  maxUsdPerPayout: string
  maxUsdPerDay: string
  maxUsdPer7Days: string
  maxPayoutsPerHour: string
  maxPayoutsPerDay: string
  maxNewDestinationPayoutsPerDay: string
  hoursOn: boolean
  /** ISO days of the week, 1 Monday … 7 Sunday. */
  hoursDays: number[]
  hoursFrom: string
  hoursTo: string
  hoursTimeZone: string
  hoursOutside: 'hold' | 'refuse'
  /** Windows after the first (set with the CLI or a file): kept as loaded, the form edits the first. */
  moreWindows: PayoutWindow[]
}

/** A field of the form that can be wrong, or `policy` for a problem no one field owns. */
export type DraftField = keyof PolicyDraft | 'policy'
export type DraftProblems = Partial<Record<DraftField, string>>

/** Each field's label: the form shows it, and the problems listed above Save name their field by it. */
export const FIELD_LABELS: Record<DraftField, string> = {
  maxPerPayout: 'Maximum per payout',
  maxPerDay: 'Maximum per rolling 24 hours',
  maxRequestsPerHour: 'Maximum write requests per hour',
  destinations: 'Destinations',
  verifiedHours: 'Verified at least (hours)',
  destinationIds: 'Destination ids',
  holdAbove: 'Hold for a person above',
  holdAll: 'Hold every payout',
  holdFirstPayout: 'Hold a first payout',
  maxUsdPerPayout: 'Maximum USD per payout',
  maxUsdPerDay: 'Maximum USD per rolling 24 hours',
  maxUsdPer7Days: 'Maximum USD per rolling 7 days',
  maxPayoutsPerHour: 'Maximum payouts per hour',
  maxPayoutsPerDay: 'Maximum payouts per rolling 24 hours',
  maxNewDestinationPayoutsPerDay: 'Maximum payouts to newly paid addresses per 24 hours',
  hoursOn: 'Payout hours',
  hoursDays: 'Days of the week',
  hoursFrom: 'From',
  hoursTo: 'To',
  hoursTimeZone: 'Time zone',
  hoursOutside: 'Outside these hours',
  moreWindows: 'Further windows',
  policy: 'Policy',
}

/** The problems as the list above Save shows them: each names its field, as a person reads the form. */
export const listedProblems = (problems: DraftProblems): string[] =>
  Object.entries(problems).map(([field, message]) => `${FIELD_LABELS[field as DraftField]}: ${message}`)

const COUNT_FIELDS = ['maxPayoutsPerHour', 'maxPayoutsPerDay', 'maxNewDestinationPayoutsPerDay'] as const
const USD_FIELDS = ['maxUsdPerPayout', 'maxUsdPerDay', 'maxUsdPer7Days'] as const

/** The zone this computer's clock is set to: what a new hours rule starts from. */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

export function draftOf(policy: Policy | null): PolicyDraft {
  const p = policy ?? NO_RULES
  const pairs = (rule: Record<string, string>) =>
    Object.entries(rule)
      .map(([a, v]) => `${a}=${v}`)
      .join(', ')
  const count = (n: number | null) => (n === null ? '' : String(n))
  const [first, ...moreWindows] = p.hours?.windows ?? []
  return {
    maxPerPayout: pairs(p.maxPerPayout),
    maxPerDay: pairs(p.maxPerDay),
    maxRequestsPerHour: count(p.maxRequestsPerHour),
    destinations: p.destinations.kind,
    verifiedHours: p.destinations.kind === 'verified_for' ? String(p.destinations.hours) : '',
    destinationIds: p.destinations.kind === 'list' ? p.destinations.ids.join(', ') : '',
    holdAbove: pairs(p.holdAbove),
    holdAll: p.holdAll,
    holdFirstPayout: p.holdFirstPayout,
    maxUsdPerPayout: p.maxUsdPerPayout ?? '',
    maxUsdPerDay: p.maxUsdPerDay ?? '',
    maxUsdPer7Days: p.maxUsdPer7Days ?? '',
    maxPayoutsPerHour: count(p.maxPayoutsPerHour),
    maxPayoutsPerDay: count(p.maxPayoutsPerDay),
    maxNewDestinationPayoutsPerDay: count(p.maxNewDestinationPayoutsPerDay),
    hoursOn: p.hours !== null,
    hoursDays: first?.days ?? [1, 2, 3, 4, 5],
    hoursFrom: first?.from ?? '09:00',
    hoursTo: first?.to ?? '17:00',
    hoursTimeZone: p.hours?.timeZone ?? localZone(),
    hoursOutside: p.hours?.outside ?? 'hold',
    moreWindows,
  }
}

/**
 * The draft as a policy, or what is wrong with it, per field in plain words. What the form reads itself (pairs,
 * counts, days) is checked here; amounts, assets, times and the zone by the policy's own schema, as core checks them.
 */
export function policyOf(d: PolicyDraft): { policy: Policy } | { problems: DraftProblems } {
  const problems: DraftProblems = {}
  const pairs = (field: 'maxPerPayout' | 'maxPerDay' | 'holdAbove') => {
    const read = pairsOf(d[field])
    if (typeof read === 'string') problems[field] = read
    return typeof read === 'string' ? {} : read
  }
  const count = (field: (typeof COUNT_FIELDS)[number] | 'maxRequestsPerHour') => {
    const text = d[field].trim()
    if (text === '') return null
    if (/^\d{1,6}$/.test(text)) return Number(text)
    problems[field] = `"${text.slice(0, 20)}" is not a whole number such as 10 (leave it empty for no limit).`
    return null
  }
  const hours = Number(d.verifiedHours)
  const destinations: DestinationRule =
    d.destinations === 'any'
      ? { kind: 'any' }
      : d.destinations === 'verified_for'
        ? { kind: 'verified_for', hours: d.verifiedHours.trim() === '' || !Number.isFinite(hours) ? NaN : hours }
        : { kind: 'list', ids: listOf(d.destinationIds) }
  if (d.hoursOn && d.hoursDays.length === 0) problems.hoursDays = 'Choose at least one day of the week.'
  const candidate: Policy = {
    maxPerPayout: pairs('maxPerPayout'),
    maxPerDay: pairs('maxPerDay'),
    maxRequestsPerHour: count('maxRequestsPerHour'),
    destinations,
    holdAbove: pairs('holdAbove'),
    holdAll: d.holdAll,
    holdFirstPayout: d.holdFirstPayout,
    maxUsdPerPayout: d.maxUsdPerPayout.trim() || null,
    maxUsdPerDay: d.maxUsdPerDay.trim() || null,
    maxUsdPer7Days: d.maxUsdPer7Days.trim() || null,
    maxPayoutsPerHour: count('maxPayoutsPerHour'),
    maxPayoutsPerDay: count('maxPayoutsPerDay'),
    maxNewDestinationPayoutsPerDay: count('maxNewDestinationPayoutsPerDay'),
    hours: d.hoursOn
      ? {
          timeZone: d.hoursTimeZone.trim(),
          outside: d.hoursOutside,
          windows: [
            { days: [...d.hoursDays].sort((a, b) => a - b), from: d.hoursFrom.trim(), to: d.hoursTo.trim() },
            ...d.moreWindows,
          ],
        }
      : null,
  }
  const parsed = PolicySchema.safeParse(candidate)
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path)
      // "Ends after it starts" compares times that may not be times yet: their own problem says more.
      if (field === 'hoursTo' && issue.path.length === 3 && (problems.hoursFrom || problems.hoursTo)) continue
      const where = field === 'policy' && issue.path.length ? `${issue.path.join('.')}: ` : ''
      problems[field] ??= `${where}${issue.message}`
    }
  return Object.keys(problems).length ? { problems } : { policy: parsed.data! }
}

/** The form field a schema issue belongs to, by its path in the policy. */
function fieldOf(path: ReadonlyArray<PropertyKey>): DraftField {
  const [rule, part, index, end] = path
  if (rule === 'destinations') return part === 'hours' ? 'verifiedHours' : 'destinationIds'
  if (rule === 'hours') {
    if (part === 'timeZone') return 'hoursTimeZone'
    if (part !== 'windows' || index !== 0) return 'policy'
    // A window ending before it starts has no field of its own: its end is what reads wrong.
    return end === 'days' ? 'hoursDays' : end === 'from' ? 'hoursFrom' : 'hoursTo'
  }
  const simple: readonly string[] = ['maxPerPayout', 'maxPerDay', 'holdAbove', 'maxRequestsPerHour']
  if (typeof rule === 'string' && [...simple, ...USD_FIELDS, ...COUNT_FIELDS].includes(rule)) return rule as DraftField
  return 'policy'
}

function listOf(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** "ETH=0.5, USDC=1000" as a per-asset rule, or what is wrong with it. Amounts stay text, checked by the schema. */
function pairsOf(text: string): Record<string, string> | string {
  const out: Record<string, string> = {}
  for (const part of listOf(text)) {
    const eq = part.indexOf('=')
    if (eq <= 0) return `Write ASSET=AMOUNT, for example ETH=0.5; "${part.slice(0, 40)}" is not.`
    const asset = part.slice(0, eq).trim().toUpperCase()
    if (Object.hasOwn(out, asset)) return `${asset} appears twice.`
    out[asset] = part.slice(eq + 1).trim()
  }
  return out
}
