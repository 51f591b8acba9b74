import { OTHER_ASSETS, NO_RULES, type DestinationRule, type Policy } from '../../shared/policy/policy-schema'
import type { PolicyView } from '../../shared/ipc/channels/policy'
import { clearPolicy, localPerson, setPolicy, showPolicy, type PolicyEditor } from '../core/policy/use-cases'
import { fourEyesOn } from '../core/people/use-cases'
import type { Profile } from '../core/profiles'
import type { CliContext } from './cli-context'
import { commandGroup, type Action, type Values } from './command'
import { label } from './profile-command'
import { UsageError } from './usage-error'
import { cancelPending, delay, history, pendingLines } from './policy-versions-command'
import { EXTRA_OPTIONS, EXTRA_USAGE, extraRules, readPolicyFile } from './policy-options'
import { backtest, grant } from './policy-backtest-command'
import { jsonText } from '../../shared/text/visible-text'

const SET_USAGE =
  'policy set --profile N [--max-per-payout ASSET=AMOUNT]... [--max-per-day ASSET=AMOUNT]... ' +
  '[--max-requests-per-hour N] ' +
  '[--destinations any|verified-for:HOURS|ID,ID,...] [--hold-above ASSET=AMOUNT]... [--hold-all on|off] ' +
  '[--hold-first-payout on|off] [--second NAME] ' +
  EXTRA_USAGE

const show: Action = {
  name: 'policy show',
  usage: 'policy show --profile N [--json]',
  summary:
    "Shows the rules the profile's agent write tools obey, who set them and when. Exit 1 when the stored " +
    'policy cannot be read (every agent request is then refused).',
  options: { profile: { type: 'string' }, json: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const state = await ctx.withStore(profile, (store) => showPolicy(store, editor()))
    if (v.json) ctx.out(jsonText(state))
    else {
      ctx.out(`Agent policy of ${label(profile)}: ${origin(state)}`)
      for (const line of state.rules) ctx.out(`  - ${line}`)
      for (const line of pendingLines(state)) ctx.out(line)
      if (!profile.agentWriteTools)
        ctx.out('Agent write tools are off for this profile, so no agent request reaches these rules.')
    }
    return state.kind === 'unreadable' ? 1 : 0
  },
}

const set: Action = {
  name: 'policy set',
  usage: SET_USAGE,
  summary:
    'Replaces the whole policy with the rules given (a rule left out is not in force). ASSET is a symbol, or * ' +
    'for every asset the rule does not name ' +
    "(--max-per-payout *=0 refuses all other assets). A payout above --hold-above, an agent's first payout to a " +
    'destination with --hold-first-payout on, or every payout with --hold-all on, waits for a person ' +
    '("held release"). ' +
    "USD limits span all assets at the price table's rate of the day (an asset with no rate is refused); --hours " +
    'allows payouts only in those windows of --time-zone (outside: --outside-hours hold or refuse). --file takes ' +
    'the whole policy as "policy show --json" prints it. A change that allows more (a higher cap, a hold off, a ' +
    "limit removed, a wider window) waits for the profile's delay (policy delay, default 60 minutes) and is shown " +
    'as waiting; the fields that allow less apply at once. Written to the audit log with who and when. With ' +
    'people at the desk and four eyes on, a change that allows more names a second person (--second NAME, ' +
    'their passphrase asked after the --as one).',
  options: {
    profile: { type: 'string' },
    'max-per-payout': { type: 'string', multiple: true },
    'max-per-day': { type: 'string', multiple: true },
    'max-requests-per-hour': { type: 'string' },
    destinations: { type: 'string' },
    'hold-above': { type: 'string', multiple: true },
    'hold-all': { type: 'string' },
    'hold-first-payout': { type: 'string' },
    second: { type: 'string' },
    ...EXTRA_OPTIONS,
  },
  required: ['profile'],
  async run(ctx, v) {
    if (
      v.file !== undefined &&
      Object.keys(v).some((k) => !['file', 'profile', 'second'].includes(k) && v[k] !== undefined)
    )
      throw new UsageError('--file takes the whole policy; give no other rule with it.', SET_USAGE)
    const candidate = v.file === undefined ? policyFromOptions(v) : (await readPolicyFile(v.file as string)).policy
    const profile = await ctx.profile(v.profile as string)
    const policyEditor = await loosening(ctx, profile, v.second as string | undefined)
    // Listed ids are checked against the provider's destination book, which needs the key.
    const stored = await ctx.withStore(profile, (store) =>
      setPolicy(store, policyEditor, candidate, () =>
        ctx.withSession(profile, store, (s) => s.client.listCounterparties()),
      ),
    )
    ctx.out(`Agent policy of ${label(profile)} ${origin(stored)}:`)
    for (const line of stored.rules) ctx.out(`  - ${line}`)
    // A change that allows more waits: the person sees at once that it is not in force yet.
    for (const line of pendingLines(stored)) ctx.out(line)
    return 0
  },
}

const clear: Action = {
  name: 'policy clear',
  usage: 'policy clear --profile N [--second NAME]',
  summary:
    'Removes the policy: the default applies again, which holds every agent payout for a person. Hold-all applies ' +
    'at once; the limits it removes allow more and go only after the delay. Written to the audit log.',
  options: { profile: { type: 'string' }, second: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const policyEditor = await loosening(ctx, profile, v.second as string | undefined)
    const view = await ctx.withStore(profile, (store) => clearPolicy(store, policyEditor))
    if (!view.pending)
      ctx.out(
        `Agent policy of ${label(profile)} cleared: every agent payout now waits for a person ` +
          '("payout-desk held list").',
      )
    else {
      // The limits a clear removes allow more: every payout is held now, the limits go at the delay.
      ctx.out(`Agent policy of ${label(profile)}: every agent payout now waits for a person; the clear is complete at:`)
      for (const line of pendingLines(view)) ctx.out(line)
    }
    return 0
  },
}

export const policyCommand = commandGroup(
  'policy',
  "The rules an AI agent's write tools obey on a profile: caps, destinations, holds for a person.",
  [show, set, clear, history, cancelPending, delay, grant, backtest],
)

const editor = (person = localPerson()): PolicyEditor => ({ actor: 'cli', person })

/** Who changes the policy, and under four eyes the second person a loosening needs (the core decides if it is one). */
async function loosening(ctx: CliContext, profile: Profile, second: string | undefined): Promise<PolicyEditor> {
  const acting = await ctx.acting('policy', profile)
  const fourEyes = acting.person !== null && (await ctx.withStore(profile, (s) => fourEyesOn(s, profile.environment)))
  if (!fourEyes) return editor(acting.name)
  return { ...editor(acting.name), fourEyes: { second: second ? await ctx.secondPerson(second) : null } }
}

function origin(state: PolicyView): string {
  if (state.kind === 'set') return `set by ${state.setBy} at ${state.setAt}`
  if (state.kind === 'default') return 'the default (no policy set)'
  return 'UNREADABLE'
}

/** The command line as a candidate policy; the amounts and ids are checked by the policy's own rules. */
export function policyFromOptions(v: Values): Policy {
  return {
    ...extraRules(v, SET_USAGE),
    maxPerPayout: perAsset(v['max-per-payout'], '--max-per-payout'),
    maxPerDay: perAsset(v['max-per-day'], '--max-per-day'),
    maxRequestsPerHour:
      v['max-requests-per-hour'] === undefined
        ? NO_RULES.maxRequestsPerHour
        : count(v['max-requests-per-hour'] as string),
    destinations: v.destinations === undefined ? NO_RULES.destinations : destinations(v.destinations as string),
    holdAbove: perAsset(v['hold-above'], '--hold-above'),
    holdAll: onOff(v['hold-all'], '--hold-all'),
    holdFirstPayout: onOff(v['hold-first-payout'], '--hold-first-payout'),
  }
}

function perAsset(values: Values[string], option: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const pair of (values as string[] | undefined) ?? []) {
    const eq = pair.indexOf('=')
    if (eq <= 0)
      throw new UsageError(
        `${option} takes ASSET=AMOUNT, e.g. ETH=0.5 (or ${OTHER_ASSETS}=0); got "${pair}".`,
        SET_USAGE,
      )
    const asset = pair.slice(0, eq).trim().toUpperCase()
    if (asset in out) throw new UsageError(`${option} names ${asset} twice.`, SET_USAGE)
    out[asset] = pair.slice(eq + 1).trim()
  }
  return out
}

function count(text: string): number {
  if (!/^-?\d+$/.test(text.trim()))
    throw new UsageError(`--max-requests-per-hour takes a whole number; got "${text}".`, SET_USAGE)
  return Number(text)
}

function destinations(text: string): DestinationRule {
  if (text === 'any') return { kind: 'any' }
  const verified = /^verified-for:(.*)$/.exec(text)
  if (verified) {
    const hours = Number(verified[1])
    if (verified[1]!.trim() === '' || !Number.isFinite(hours))
      throw new UsageError(
        `--destinations verified-for:HOURS takes a number of hours; got "${verified[1]}".`,
        SET_USAGE,
      )
    return { kind: 'verified_for', hours }
  }
  return { kind: 'list', ids: text.split(',').map((id) => id.trim()) }
}

function onOff(value: Values[string], option: string): boolean {
  if (value === undefined || value === 'off') return false
  if (value === 'on') return true
  throw new UsageError(`${option} is on or off.`, SET_USAGE)
}
