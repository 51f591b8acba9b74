import { CONFIRM_CHANNELS, confirmPayeeChange } from '../core/payee-checks/use-cases'
import { requireSecondPersonFor } from '../core/people/use-cases'
import { UsageError } from './usage-error'
import type { Action } from './command'
import { shown } from '../../shared/text/visible-text'

/** `destinations confirm-change`: how a person confirmed a known payee's new address with the payee. */
export const confirmChange: Action = {
  name: 'destinations confirm-change',
  usage:
    `destinations confirm-change ID --profile N (--by NAME | --as NAME) --channel ${CONFIRM_CHANNELS.join('|')} ` +
    '--note TEXT',
  summary:
    'Records how a payee change was confirmed: a destination whose payee (company or person) already has ' +
    'another address in the book can be paid only after the waiting period (profile set --payee-change-wait, ' +
    'default 24 h) and once someone confirmed the new address with the payee through a channel other than ' +
    'the one the change came by (a call-back to a known number, say), or a test payout to it has ' +
    'completed. Audited. Once the desk has people, the person is --as (no --by), and with four eyes on it is ' +
    'not the person who added the address.',
  options: {
    profile: { type: 'string' },
    by: { type: 'string' },
    channel: { type: 'string' },
    note: { type: 'string' },
  },
  required: ['profile', 'channel', 'note'],
  positionals: ['ID'],
  async run(ctx, v, [id]) {
    const profile = await ctx.profile(v.profile as string)
    const acting = await ctx.acting('payee_confirm', profile)
    const by = v.by as string | undefined
    if (acting.person && by !== undefined)
      throw new UsageError('This desk has people: the person confirming is --as, not --by.', confirmChange.usage)
    if (!acting.person && !by?.trim()) throw new UsageError('--by is required.', confirmChange.usage)
    return ctx.withSession(profile, async (s) => {
      const book = await s.client.listCounterparties()
      requireSecondPersonFor(s.store, profile.environment, acting, { kind: 'payee_confirm', destinationId: id! })
      const change = confirmPayeeChange(s.store, book, id!, {
        by: acting.person ? acting.person.name : by!,
        channel: v.channel as string,
        note: v.note as string,
        actor: acting.by,
      })
      ctx.out(
        `Confirmed the new address of ${shown(change.payee)} (${id}). ` +
          `${change.blocked ? `Still waiting: ${shown(change.blocked)}.` : 'It can be paid.'}`,
      )
      return 0
    })
  },
}
