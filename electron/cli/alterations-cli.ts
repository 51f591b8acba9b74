import { acknowledgeAlteration, describeAlteration, openAlterations } from '../core/alterations/use-cases'
import { requireSecondPersonFor } from '../core/people/use-cases'
import { staleScreeningNow } from '../core/screening/use-cases'
import type { DeskStore } from '../core/store'
import type { Action } from './command'
import type { CliContext } from './cli-context'
import { shown } from '../../shared/text/visible-text'

/** Every CLI read of payouts says first, on stderr, what the provider altered and nobody acknowledged. */
export function warnAlterations(ctx: Pick<CliContext, 'err'>, store: DeskStore): void {
  for (const a of openAlterations(store))
    ctx.err(`ALARM: ${shown(describeAlteration(a))} Sends are stopped until: payout acknowledge ${a.withdrawalId}`)
}

/** Every CLI send says first, on stderr, that the newest screening list is stale (a warning, never a block). */
export function warnStaleScreening(ctx: Pick<CliContext, 'err'>, store: DeskStore): void {
  const warning = staleScreeningNow(store)
  if (warning) ctx.err(`WARNING: ${warning}`)
}

export const acknowledge: Action = {
  name: 'payout acknowledge',
  usage: 'payout acknowledge ID --profile N',
  summary:
    'Acknowledges that the provider recorded a payout otherwise than it was asked (the desk compares every ' +
    'withdrawal it reads with its outbox). Until then every new send of the profile is refused naming the ' +
    'altered payout. Cancel the withdrawal first if nobody has approved it (outbox cancel does not apply: ' +
    'it was sent).',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  positionals: ['ID'],
  async run(ctx, v, [id]) {
    const profile = await ctx.profile(v.profile as string)
    return ctx.withStore(profile, async (store) => {
      const acting = await ctx.acting('acknowledge', profile, store)
      requireSecondPersonFor(store, profile.environment, acting, { kind: 'acknowledge', ref: id! })
      const a = acknowledgeAlteration(store, id!, acting.by)
      ctx.out(`Acknowledged: payout ${a.withdrawalId} (${a.key}). Sends of "${shown(profile.name)}" may go on.`)
      return 0
    })
  },
}
