import { who } from '../core/audit/use-cases'
import { CONFIRM_CHANNELS, confirmPayeeChange } from '../core/payee-checks/use-cases'
import type { Action } from './command'
import { shown } from '../../shared/text/visible-text'

/** `destinations confirm-change`: how a person confirmed a known payee's new address with the payee. */
export const confirmChange: Action = {
  name: 'destinations confirm-change',
  usage: `destinations confirm-change ID --profile N --by NAME --channel ${CONFIRM_CHANNELS.join('|')} --note TEXT`,
  summary:
    'Records how a payee change was confirmed: a destination whose payee (company or person) already has ' +
    'another address in the book can be paid only after the waiting period (profile set --payee-change-wait, ' +
    'default 24 h) and once someone confirmed the new address with the payee through a channel other than ' +
    'the one the change came by (a call-back to a known number, say), or a test payout to it has ' +
    'completed. Audited.',
  options: {
    profile: { type: 'string' },
    by: { type: 'string' },
    channel: { type: 'string' },
    note: { type: 'string' },
  },
  required: ['profile', 'by', 'channel', 'note'],
  positionals: ['ID'],
  async run(ctx, v, [id]) {
    const profile = await ctx.profile(v.profile as string)
    return ctx.withSession(profile, async (s) => {
      const book = await s.client.listCounterparties()
      const change = confirmPayeeChange(s.store, book, id!, {
        by: v.by as string,
        channel: v.channel as string,
        note: v.note as string,
        actor: who('cli'),
      })
      ctx.out(
        `Confirmed the new address of ${shown(change.payee)} (${id}). ` +
          `${change.blocked ? `Still waiting: ${shown(change.blocked)}.` : 'It can be paid.'}`,
      )
      return 0
    })
  },
}
