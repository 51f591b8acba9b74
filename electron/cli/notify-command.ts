import { parseQuiet, type NotifySettings } from '../../shared/notify/notify-settings'
import { shown } from '../../shared/text/visible-text'
import {
  addChannel,
  listChannels,
  notifySettings,
  removeChannel,
  setNotifySettings,
  testChannels,
  type ChannelTarget,
} from '../core/notify/use-cases'
import { commandGroup, type Action, type Values } from './command'
import { printTable } from './terminal-output'
import { UsageError } from './usage-error'

const ADD_USAGE =
  'notify add --profile P (--slack-webhook URL | --webhook URL | --email ADDRESS --smtp URL | --os) [--name N] ' +
  '[--escalation]'

/** Exactly one target: a Slack webhook, a generic webhook, an email with its SMTP URL, or the app's notification. */
function targetOf(v: Values, usage: string): ChannelTarget {
  const given = (['slack-webhook', 'webhook', 'email', 'os'] as const).filter((k) => v[k] !== undefined)
  if (given.length !== 1)
    throw new UsageError('Give exactly one of --slack-webhook, --webhook, --email (with --smtp) or --os.', usage)
  if (v.smtp !== undefined && given[0] !== 'email') throw new UsageError('--smtp goes with --email only.', usage)
  switch (given[0]) {
    case 'slack-webhook':
      return { kind: 'slack', url: v['slack-webhook'] as string }
    case 'webhook':
      return { kind: 'webhook', url: v.webhook as string }
    case 'email':
      if (typeof v.smtp !== 'string') throw new UsageError('--email needs --smtp smtps://user:password@host.', usage)
      return { kind: 'email', to: v.email as string, smtp: v.smtp }
    default:
      return { kind: 'os' }
  }
}

const add: Action = {
  name: 'notify add',
  usage: ADD_USAGE,
  summary:
    "Adds a channel that tells the profile's approvers of payouts waiting for them (--escalation: the second list, " +
    "told when nobody acts). The URL and SMTP password go to the OS keychain, never to the profile's files. Plain " +
    "http:// only on this machine. --os: the app's system notification.",
  options: {
    profile: { type: 'string' },
    'slack-webhook': { type: 'string' },
    webhook: { type: 'string' },
    email: { type: 'string' },
    smtp: { type: 'string' },
    os: { type: 'boolean' },
    name: { type: 'string' },
    escalation: { type: 'boolean' },
  },
  required: ['profile'],
  async run(ctx, v) {
    const target = targetOf(v, `Usage: payout-desk ${ADD_USAGE}`)
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('notify', profile)
    const made = await ctx.withStore(profile, (store) =>
      addChannel(
        { store, profile, secretStore: ctx.secrets },
        { target, name: v.name as string | undefined, escalation: v.escalation === true, by },
      ),
    )
    ctx.out(`Added ${made.escalation ? 'escalation' : 'approver'} channel "${shown(made.name)}" (${made.kind}).`)
    return 0
  },
}

const list: Action = {
  name: 'notify list',
  usage: 'notify list --profile P',
  summary: "The profile's channels with their last error, and the reminder settings.",
  options: { profile: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const { channels, settings } = await ctx.withStore(profile, (store) => ({
      channels: listChannels(store),
      settings: notifySettings(store),
    }))
    if (channels.length === 0) ctx.out('No notification channel yet: add one with "payout-desk notify add".')
    else
      printTable(
        ctx.out,
        ['name', 'kind', 'list', 'to', 'last ok', 'last error'],
        channels.map((c) => [
          c.name,
          c.kind,
          c.escalation ? 'escalation' : 'approvers',
          c.recipient ?? '',
          c.lastOkAt ?? '-',
          c.lastError ? `${c.failingForADay ? 'FAILING FOR A DAY: ' : ''}${c.lastError} (${c.lastErrorAt})` : '-',
        ]),
      )
    ctx.out(settingsLine(settings))
    return 0
  },
}

function settingsLine(s: NotifySettings): string {
  return (
    `Remind after ${s.remindAfterMinutes} min, escalate after ${s.escalateAfterMinutes} min; ` +
    `digest ${s.digestAt ?? 'off'}; quiet ${s.quiet ? `${s.quiet.from}-${s.quiet.to}` : 'off'} (${s.timeZone}); ` +
    `approvals expire ${s.expiresAfterHours === null ? 'after an unknown time' : `after ${s.expiresAfterHours} h`}.`
  )
}

const remove: Action = {
  name: 'notify remove',
  usage: 'notify remove --profile P --name N',
  summary: 'Removes a channel, its undelivered messages and its keychain entry.',
  options: { profile: { type: 'string' }, name: { type: 'string' } },
  required: ['profile', 'name'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('notify', profile)
    const gone = await ctx.withStore(profile, (store) =>
      removeChannel({ store, profile, secretStore: ctx.secrets }, v.name as string, by),
    )
    ctx.out(`Removed channel "${shown(gone.name)}".`)
    return 0
  },
}

const test: Action = {
  name: 'notify test',
  usage: 'notify test --profile P [--name N]',
  summary: 'Sends a test message to every channel (or the one named) now and says what became of it.',
  options: { profile: { type: 'string' }, name: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('notify', profile)
    const results = await ctx.withStore(profile, (store) =>
      testChannels({ store, profile, secretStore: ctx.secrets }, { name: v.name as string | undefined, by }),
    )
    for (const r of results)
      (r.delivered ? ctx.out : ctx.err)(`${shown(r.name)}: ${r.delivered ? 'delivered' : `not delivered: ${r.error}`}`)
    return results.every((r) => r.delivered) ? 0 : 1
  },
}

function minutes(v: Values, name: string, usage: string): number | undefined {
  const raw = v[name]
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (!/^\d+$/.test(String(raw)) || n < 1)
    throw new UsageError(`--${name} is a whole number of minutes (1 or more).`, usage)
  return n
}

const SET_USAGE =
  'notify set --profile P [--remind-after MIN] [--escalate-after MIN] [--digest HH:MM|off] [--quiet HH:MM-HH:MM|off] ' +
  '[--time-zone ZONE] [--expires-after HOURS|unknown]'

const set: Action = {
  name: 'notify set',
  usage: SET_USAGE,
  summary:
    'Reminders: to the approver channels after --remind-after minutes (30), to the escalation channels after ' +
    '--escalate-after (120); a daily digest; quiet hours (nothing sent but tests) in --time-zone (UTC); after how ' +
    "long the provider's console expires an approval (unknown).",
  options: {
    profile: { type: 'string' },
    'remind-after': { type: 'string' },
    'escalate-after': { type: 'string' },
    digest: { type: 'string' },
    quiet: { type: 'string' },
    'time-zone': { type: 'string' },
    'expires-after': { type: 'string' },
  },
  required: ['profile'],
  async run(ctx, v) {
    const usage = `Usage: payout-desk ${SET_USAGE}`
    const change = settingsChange(v, usage)
    if (Object.keys(change).length === 0) throw new UsageError('Name at least one setting to change.', usage)
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('notify', profile)
    const settings = await ctx.withStore(profile, (store) => setNotifySettings(store, change, by))
    ctx.out(settingsLine(settings))
    return 0
  },
}

function settingsChange(v: Values, usage: string): Partial<NotifySettings> {
  const change: Partial<NotifySettings> = {}
  const remind = minutes(v, 'remind-after', usage)
  const escalate = minutes(v, 'escalate-after', usage)
  if (remind !== undefined) change.remindAfterMinutes = remind
  if (escalate !== undefined) change.escalateAfterMinutes = escalate
  if (typeof v.digest === 'string') {
    if (v.digest !== 'off' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(v.digest))
      throw new UsageError('--digest is a time of day as HH:MM, or off.', usage)
    change.digestAt = v.digest === 'off' ? null : v.digest
  }
  if (typeof v.quiet === 'string') {
    const quiet = v.quiet === 'off' ? null : parseQuiet(v.quiet)
    if (quiet && 'problem' in quiet) throw new UsageError(quiet.problem, usage)
    change.quiet = quiet
  }
  if (typeof v['time-zone'] === 'string') change.timeZone = v['time-zone']
  if (typeof v['expires-after'] === 'string') {
    const raw = v['expires-after']
    const hours = Number(raw)
    if (raw !== 'unknown' && (!/^\d+(\.\d+)?$/.test(raw) || hours <= 0))
      throw new UsageError('--expires-after is a number of hours (such as 2 or 24), or unknown.', usage)
    change.expiresAfterHours = raw === 'unknown' ? null : hours
  }
  return change
}

export const notifyCommand = commandGroup(
  'notify',
  "Tells the profile's approvers where they work (Slack, a webhook, email) of payouts waiting for them.",
  [add, list, remove, test, set],
)
