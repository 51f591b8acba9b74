import { dustThresholdRows, setDust } from '../core/history/use-cases'
import type { Action } from './command'
import { actionHelp } from './command'
import { printTable } from './terminal-output'
import { UsageError } from './usage-error'
import { shown } from '../../shared/text/visible-text'

/** `history dust`: the profile's dust thresholds, or one of them set. */
export const dust: Action = {
  name: 'history dust',
  usage: 'history dust --profile N [--asset A --below AMOUNT]',
  summary:
    'Dust thresholds of the profile by asset: an incoming movement of zero or less than the threshold, from an ' +
    'address with the same first and last 4 characters as one the profile knows, is flagged as suspected ' +
    'address poisoning (history export shows it). With --asset and --below, sets one and judges the ' +
    "ledger's movements of that asset again. Without, lists them (own or default).",
  options: { profile: { type: 'string' }, asset: { type: 'string' }, below: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    if ((v.asset === undefined) !== (v.below === undefined))
      throw new UsageError('Give --asset and --below together, or neither to list the thresholds.', actionHelp(dust))
    if (v.asset !== undefined) await ctx.acting('note', profile)
    return ctx.withStore(profile, async (store) => {
      let thresholds = dustThresholdRows(store)
      if (typeof v.asset === 'string' && typeof v.below === 'string') {
        const set = setDust(store, v.asset, v.below)
        thresholds = set.thresholds
        ctx.err(
          `history: ${shown(v.asset)} below ${shown(v.below)} is dust for "${shown(profile.name)}"; ` +
            `${set.flagged} incoming movement(s) of the ledger are flagged as suspected poisoning.`,
        )
      }
      printTable(
        ctx.out,
        ['asset', 'below', 'set by'],
        thresholds.map((r) => [r.asset, r.below, r.own ? 'profile' : 'default']),
      )
      return 0
    })
  },
}
