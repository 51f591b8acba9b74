import { NO_RULES, type DestinationRule, type Policy } from '@shared/policy/policy-schema'

/** The policy form's fields as typed: per-asset rules as "ASSET=AMOUNT, ASSET=AMOUNT". */
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
  /** The rules this form does not edit (USD limits, hours, counts): kept as loaded, never reset by saving. */
  kept: Omit<Policy, keyof typeof FORM_RULES>
}

const FORM_RULES = {
  maxPerPayout: 1,
  maxPerDay: 1,
  maxRequestsPerHour: 1,
  destinations: 1,
  holdAbove: 1,
  holdAll: 1,
  holdFirstPayout: 1,
} as const

export function draftOf(policy: Policy | null): PolicyDraft {
  const p = policy ?? NO_RULES
  const pairs = (rule: Record<string, string>) =>
    Object.entries(rule)
      .map(([a, v]) => `${a}=${v}`)
      .join(', ')
  return {
    maxPerPayout: pairs(p.maxPerPayout),
    maxPerDay: pairs(p.maxPerDay),
    maxRequestsPerHour: p.maxRequestsPerHour === null ? '' : String(p.maxRequestsPerHour),
    destinations: p.destinations.kind,
    verifiedHours: p.destinations.kind === 'verified_for' ? String(p.destinations.hours) : '',
    destinationIds: p.destinations.kind === 'list' ? p.destinations.ids.join(', ') : '',
    holdAbove: pairs(p.holdAbove),
    holdAll: p.holdAll,
    holdFirstPayout: p.holdFirstPayout,
    kept: Object.fromEntries(Object.entries(p).filter(([k]) => !(k in FORM_RULES))) as PolicyDraft['kept'],
  }
}

/**
 * The draft as a candidate policy, or the first thing that cannot even be read as one. The
 * amounts, assets and hours are then checked by the policy's own schema (in the form and in core).
 */
export function policyOf(d: PolicyDraft): { policy: Policy } | { problem: string } {
  try {
    const hours = Number(d.verifiedHours)
    const destinations: DestinationRule =
      d.destinations === 'any'
        ? { kind: 'any' }
        : d.destinations === 'verified_for'
          ? { kind: 'verified_for', hours: d.verifiedHours.trim() === '' || !Number.isFinite(hours) ? NaN : hours }
          : {
              kind: 'list',
              ids: d.destinationIds
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            }
    const perHour = d.maxRequestsPerHour.trim()
    return {
      policy: {
        ...d.kept,
        maxPerPayout: pairsOf(d.maxPerPayout, 'Maximum per payout'),
        maxPerDay: pairsOf(d.maxPerDay, 'Maximum per 24 hours'),
        maxRequestsPerHour: perHour === '' ? null : /^-?\d+$/.test(perHour) ? Number(perHour) : NaN,
        destinations,
        holdAbove: pairsOf(d.holdAbove, 'Hold above'),
        holdAll: d.holdAll,
        holdFirstPayout: d.holdFirstPayout,
      },
    }
  } catch (err) {
    return { problem: (err as Error).message }
  }
}

function pairsOf(text: string, what: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=')
    if (eq <= 0) throw new Error(`${what}: write ASSET=AMOUNT, for example ETH=0.5; "${part}" is not.`)
    const asset = part.slice(0, eq).trim().toUpperCase()
    if (asset in out) throw new Error(`${what}: ${asset} appears twice.`)
    out[asset] = part.slice(eq + 1).trim()
  }
  return out
}
