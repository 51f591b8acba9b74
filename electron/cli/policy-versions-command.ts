import type { PolicyView, PolicyVersionView } from '../../shared/ipc/channels/policy'
import type { PolicyFieldChange } from '../../shared/policy/policy-diff'
import { jsonText } from '../../shared/text/visible-text'
import { cancelPendingPolicy, localPerson, policyHistory, setPolicyDelay } from '../core/policy/use-cases'
import type { Action } from './command'
import { label } from './profile-command'
import { UsageError } from './usage-error'

const editor = (person = localPerson()) => ({ actor: 'cli' as const, person })

/** The lines `policy show` adds for a loosening that waits for its time. */
export function pendingLines(view: PolicyView): string[] {
  if (!view.pending) return []
  const { pending } = view
  return [
    `Waiting until ${pending.effectiveAt} (set by ${pending.setBy}; cancel: payout-desk policy cancel-pending):`,
    ...changeLines(pending.changes),
  ]
}

function changeLines(changes: PolicyFieldChange[]): string[] {
  if (changes.length === 0) return ['    (no field changed)']
  return changes.map((c) => `    ${c.field}: ${c.before} -> ${c.after}`)
}

const STATUS_WORDS: Record<PolicyVersionView['status'], string> = {
  applied: 'in force from',
  pending: 'waits until',
  cancelled: 'cancelled, was due',
  superseded: 'replaced before its time, was due',
}

export const history: Action = {
  name: 'policy history',
  usage: 'policy history --profile N [--json]',
  summary:
    'Every policy version a person set on the profile, newest first: who, when, when it is or was in force, and ' +
    'each field it changed (before -> after).',
  options: { profile: { type: 'string' }, json: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const versions = await ctx.withStore(profile, (store) => policyHistory(store, editor()))
    if (v.json) {
      ctx.out(jsonText(versions))
      return 0
    }
    ctx.out(`Policy versions of ${label(profile)}: ${versions.length}`)
    for (const version of versions) {
      const what = version.policy === null ? 'cleared' : 'set'
      ctx.out(
        `#${version.seq} ${what} by ${version.setBy} at ${version.setAt}, ${STATUS_WORDS[version.status]} ` +
          `${version.effectiveAt}`,
      )
      for (const line of changeLines(version.changes)) ctx.out(line)
    }
    return 0
  },
}

export const cancelPending: Action = {
  name: 'policy cancel-pending',
  usage: 'policy cancel-pending --profile N',
  summary: 'Cancels the loosening that waits for its time; the policy in force stays. Audited.',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const acting = await ctx.acting('policy', profile)
    await ctx.withStore(profile, (store) => cancelPendingPolicy(store, editor(acting.name)))
    ctx.out(`The waiting policy change of ${label(profile)} is cancelled; the policy in force stays.`)
    return 0
  },
}

const DELAY_USAGE = 'policy delay --profile N --minutes M'

export const delay: Action = {
  name: 'policy delay',
  usage: DELAY_USAGE,
  summary:
    'How long a change that allows more waits before it is in force (default 60 minutes). A longer delay applies ' +
    'at once; a shorter one waits for the delay before it. Audited.',
  options: { profile: { type: 'string' }, minutes: { type: 'string' } },
  required: ['profile', 'minutes'],
  async run(ctx, v) {
    const text = (v.minutes as string).trim()
    if (!/^\d+$/.test(text)) throw new UsageError(`--minutes takes a whole number; got "${text}".`, DELAY_USAGE)
    const profile = await ctx.profile(v.profile as string)
    const acting = await ctx.acting('policy', profile)
    const set = await ctx.withStore(profile, (store) => setPolicyDelay(store, editor(acting.name), Number(text)))
    ctx.out(`Loosening delay of ${label(profile)}: ${set.minutes} minutes, in force from ${set.effectiveAt}.`)
    return 0
  },
}
