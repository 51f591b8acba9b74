import { changesSentence, type BacktestReport } from '../../shared/policy/backtest-report'
import { jsonText, shown } from '../../shared/text/visible-text'
import { backtestPolicy, grantOnce, localPerson, type GrantAsk } from '../core/policy/use-cases'
import type { Action } from './command'
import { readPolicyFile } from './policy-options'
import { label } from './profile-command'
import { UsageError } from './usage-error'

const editor = (person = localPerson()) => ({ actor: 'cli' as const, person })

const GRANT_USAGE =
  'policy grant --profile N (--key KEY --asset A --max AMOUNT --destination ADDRESS | --held KEY) [--reason TEXT]'

export const grant: Action = {
  name: 'policy grant',
  usage: GRANT_USAGE,
  summary:
    'Lets one named agent payout through the policy once, bound to what it grants: --key names its idempotency key ' +
    '(a request the agent will send or send again) with the --asset, the most it may pay (--max) and the ' +
    '--destination address; --held grants exactly a payout that waits for a person now. The send gate refuses the ' +
    'key sent with another asset, a larger amount or another destination; any later send of that key meets the ' +
    'policy again. Audited.',
  options: {
    profile: { type: 'string' },
    key: { type: 'string' },
    held: { type: 'string' },
    asset: { type: 'string' },
    max: { type: 'string' },
    destination: { type: 'string' },
    reason: { type: 'string' },
  },
  required: ['profile'],
  async run(ctx, v) {
    if ((v.key === undefined) === (v.held === undefined))
      throw new UsageError('Name the payout with exactly one of --key or --held.', GRANT_USAGE)
    const scope = [v.asset, v.max, v.destination]
    if (v.held !== undefined && scope.some((x) => x !== undefined))
      throw new UsageError(
        '--held grants exactly the held payout: give no --asset, --max or --destination.',
        GRANT_USAGE,
      )
    if (v.key !== undefined && scope.some((x) => x === undefined))
      throw new UsageError(
        'A grant names what it grants: --key needs --asset, --max and --destination (a reason alone grants nothing).',
        GRANT_USAGE,
      )
    const key = (v.key ?? v.held) as string
    const ask: GrantAsk =
      v.held !== undefined
        ? { held: true }
        : { held: false, asset: v.asset as string, max: v.max as string, destination: v.destination as string }
    const profile = await ctx.profile(v.profile as string)
    const acting = await ctx.acting('policy', profile)
    await ctx.withStore(profile, (store) =>
      grantOnce(store, editor(acting.name), key, ask, (v.reason as string | undefined) ?? null),
    )
    const what = ask.held ? 'exactly as it is held' : `for at most ${ask.max} ${ask.asset} to ${ask.destination}`
    ctx.out(
      `Granted once on ${label(profile)}: the payout ${JSON.stringify(key)} passes the policy ` +
        `the next time it is sent, ${what}.`,
    )
    return 0
  },
}

const BACKTEST_USAGE = 'policy backtest --profile N --file POLICY.json [--days 30] [--json]'

export const backtest: Action = {
  name: 'policy backtest',
  usage: BACKTEST_USAGE,
  summary:
    "Replays the profile's recorded agent payout requests of the last --days days (30 by default; the store only, no " +
    'network) under the proposed policy (as "policy show --json" prints it) with the send gate\'s own rules, ' +
    'and says ' +
    'per request what happened and what would have happened, with totals such as "12 allowed that were held".',
  options: {
    profile: { type: 'string' },
    file: { type: 'string' },
    days: { type: 'string' },
    json: { type: 'boolean' },
  },
  required: ['profile', 'file'],
  async run(ctx, v) {
    const days = v.days === undefined ? 30 : Number(v.days)
    if (!/^\d+$/.test(String(v.days ?? '30')))
      throw new UsageError('--days takes a whole number of days.', BACKTEST_USAGE)
    const { text } = await readPolicyFile(v.file as string)
    const profile = await ctx.profile(v.profile as string)
    const report = await ctx.withStore(profile, (store) => backtestPolicy(store, text, days))
    if (v.json) ctx.out(jsonText(report))
    else printReport(ctx.out.bind(ctx), label(profile), report)
    return 0
  },
}

function printReport(out: (line: string) => void, who: string, r: BacktestReport): void {
  out(`Backtest of ${who}: ${r.requests} agent payout requests from ${r.from} to ${r.to}.`)
  for (const row of r.rows) {
    const rule = (r: string | null) => (r ? ` (${shown(r)})` : '')
    const was = `${row.happened.outcome}${rule(row.happened.rule)}${row.happened.sent ? ', sent' : ''}`
    const would = `${row.would.outcome}${rule(row.would.rule)}`
    const payout = `${shown(row.amount)} ${shown(row.asset)} to ${shown(row.destination)}`
    out(`  ${shown(row.at)}  ${payout}: was ${was}; would be ${would}`)
  }
  out(`Would be: ${r.would.allowed} allowed, ${r.would.held} held, ${r.would.refused} refused.`)
  out(changesSentence(r))
  if (r.skipped) out(`${r.skipped} refused requests were recorded without their payout and were not replayed.`)
}
