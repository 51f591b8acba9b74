import { jsonText, shown } from '../../shared/text/visible-text'
import { cancelWaitingPrices, waitingPrices } from '../core/history/use-cases'
import type { Action } from './command'
import { label } from './profile-command'

/** `history prices-waiting`: the imported prices that wait for the loosening delay, and their cancel. */
export const pricesWaiting: Action = {
  name: 'history prices-waiting',
  usage: 'history prices-waiting --profile N [--cancel] [--json]',
  summary:
    "Lists the imported prices that lower an asset's USD value and so wait for the profile's loosening delay (as a " +
    'policy loosening does), with the time each takes effect; --cancel drops them (audited), and the prices in ' +
    'force stay.',
  options: { profile: { type: 'string' }, cancel: { type: 'boolean' }, json: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    if (v.cancel) {
      const { name } = await ctx.acting('prices', profile)
      const n = await ctx.withStore(profile, (store) => cancelWaitingPrices(store, { actor: 'cli', person: name }))
      ctx.out(`Cancelled ${n} waiting prices on ${label(profile)}; the prices in force stay.`)
      return 0
    }
    const rows = await ctx.withStore(profile, (store) => waitingPrices(store))
    if (v.json) ctx.out(jsonText(rows))
    else if (rows.length === 0) ctx.out(`No imported price waits on ${label(profile)}.`)
    else
      for (const r of rows)
        ctx.out(`${shown(r.date)}  ${shown(r.asset)}  ${r.price} ${shown(r.fiat)}  waits until ${r.effectiveAt}`)
    return 0
  },
}
