import { againPreview, requestAgain } from '../core/payouts/use-cases'
import { DeskError } from '../core/errors'
import type { Profile } from '../core/profiles'
import { readDecimal } from '../../shared/format/decimal'
import { retypedProblem } from '../../shared/payouts/retyped-total'
import { shown, shownLine } from '../../shared/text/visible-text'
import type { CliContext } from './cli-context'
import type { Action } from './command'
import { confirm } from './confirm'

/** A production payout requested again is confirmed by typing its amount; --yes is the scripted confirmation. */
async function retypeAmount(ctx: CliContext, profile: Profile, yes: boolean, amount: string): Promise<string | null> {
  if (profile.environment !== 'production') return null
  if (yes) return amount
  ctx.err(`PRODUCTION profile "${shown(profile.name)}": type the amount of this payout (${amount}) to request it: `)
  const typed = await ctx.readLine()
  const problem = retypedProblem(typed, amount)
  if (problem) throw new DeskError('confirmation_required', `The amount ${problem} Nothing was requested.`)
  return readDecimal(typed)
}

/** `payout again`: an expired, rejected or failed payout requested again, as a new payout checked as any new one. */
export const again: Action = {
  name: 'payout again',
  usage: 'payout again ID --profile N [--yes]',
  summary:
    'Requests an expired, rejected or failed payout (named by payout id or Idempotency-Key; a single payout, a ' +
    'batch row or a pay-run line) again: a NEW payout with a new Idempotency-Key, linked to the old one, with ' +
    'the same wallet, destination, amount and reference, through every check of a new payout (screening ' +
    'lists, payee changes, look-alikes, the destination verified, the funds). Asked on a terminal; --yes ' +
    'confirms in a script. Refused for a payout in any other state, and for one requested again already.',
  options: { profile: { type: 'string' }, yes: { type: 'boolean' } },
  required: ['profile'],
  positionals: ['ID'],
  async run(ctx, v, [id]) {
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('payout', profile)
    const yes = v.yes === true
    return ctx.withSession(profile, async (session) => {
      const hit = await againPreview(session, id!)
      const to = hit.destinationName ? shownLine`${hit.destinationName} ${hit.address}` : shown(hit.address)
      ctx.out(
        shownLine`Payout ${hit.payoutId ?? '-'} (${hit.status}): ${hit.amount} ${hit.asset} on ` +
          shownLine`${hit.network ?? '-'} to ` +
          to,
      )
      if (!yes) {
        if (!ctx.stdinIsTty) {
          ctx.err('Nothing was requested: confirm on a terminal, or pass --yes in a script.')
          return 1
        }
        if (!(await confirm(ctx, 'Request it again as a NEW payout, checked as any new payout?'))) {
          ctx.err('Nothing was requested.')
          return 1
        }
      }
      const retypedAmount = await retypeAmount(ctx, profile, yes, hit.amount)
      const answer = await requestAgain(session, { ref: id!, retypedAmount }, by)
      const e = answer.entry
      ctx.out(
        `Requested again: payout ${e.withdrawalId ?? '-'} (Idempotency-Key ${e.idempotencyKey}), ${e.state}; it ` +
          `repeats payout ${answer.from.payoutId} (${answer.from.status}).`,
      )
      if (e.error) ctx.err(shownLine`${e.error.code}: ${e.error.message}`)
      return e.state === 'accepted' ? 0 : 1
    })
  },
}
