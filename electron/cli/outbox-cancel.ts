import { quoteInput } from '../../shared/api/text'
import { discard } from '../core/payouts/use-cases'
import type { Action } from './command'

/**
 * `outbox cancel`: what "Cancel" on the app's "Waiting to be sent" panel does (the outbox's discard), for a
 * single payout the provider asked to wait for. Batch rows are cancelled with their batch, and a payout that
 * is in flight or recorded is not this command's to drop.
 */
export const outboxCancel: Action = {
  name: 'outbox cancel',
  usage: 'outbox cancel KEY --profile N',
  summary:
    'Cancels a payout waiting in the outbox (queued until a time the provider asked for): it is never sent. ' +
    'Nothing is asked of the provider.',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  positionals: ['key'],
  async run(ctx, v, [key]) {
    const profile = await ctx.profile(v.profile as string)
    await ctx.acting('payout', profile)
    const answer = await ctx.withStore(profile, async (store) => {
      const entry = store.outbox.get(key!)
      if (!entry) return `There is no payout ${quoteInput(key!)} in the outbox of "${profile.name}".`
      if (entry.state !== 'queued')
        return `Payout ${key} is ${entry.state}, not waiting to be sent; only a waiting payout can be cancelled here.`
      if (entry.batchId !== null)
        return (
          `Payout ${key} is a row of batch ${entry.batchId}; cancel the batch: payout-desk batch cancel ` +
          `${entry.batchId} --profile ${v.profile as string}`
        )
      await ctx.withSession(profile, store, (s) => discard(s, key!))
      return null
    })
    if (answer !== null) {
      ctx.err(answer)
      return 1
    }
    ctx.out(`Cancelled ${key}; it will not be sent.`)
    return 0
  },
}
