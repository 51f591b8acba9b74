import { packOfBatch, writeApprovalPack, type ApprovalPack } from '../core/batch/use-cases'
import { runPeriodPack } from '../core/pay-runs/use-cases'
import { shown } from '../../shared/text/visible-text'
import type { CliContext } from './cli-context'
import type { Action } from './command'

const PACK_SUMMARY =
  "a plain-text file for the approver in the provider's console: the count, the totals by wallet and asset, " +
  'every payout that waits for approval (payout id, amount, network, name, address, approver words) and the ' +
  'SHA-256 of that list. From the store: the statuses last read ("batch status ID --refresh" reads them anew).'

async function writePack(ctx: CliContext, out: string, pack: ApprovalPack): Promise<number> {
  await writeApprovalPack(out, pack)
  ctx.out(
    `Wrote the approval pack of ${pack.count} payout${pack.count === 1 ? '' : 's'} to ${shown(out)} ` +
      `(list SHA-256 ${pack.sha256}).`,
  )
  return 0
}

/** `batch pack`: one approval pack for a batch, instead of one approver summary per row. */
export const batchPack: Action = {
  name: 'batch pack',
  usage: 'batch pack ID --profile N --out FILE',
  summary: `Writes the approval pack of a batch: ${PACK_SUMMARY}`,
  options: { profile: { type: 'string' }, out: { type: 'string' } },
  required: ['profile', 'out'],
  positionals: ['ID'],
  async run(ctx, v, [id]) {
    const profile = await ctx.profile(v.profile as string)
    const pack = await ctx.withStore(profile, (store) => packOfBatch(store, id!, profile.environment))
    return writePack(ctx, v.out as string, pack)
  },
}

/** `run pack`: one approval pack for a pay-run period this desk sent. */
export const runPack: Action = {
  name: 'run pack',
  usage: 'run pack NAME --profile P [--period YYYY-MM-DD] --out FILE',
  summary:
    'Writes the approval pack of a pay-run period sent from this desk (the latest without --period): ' + PACK_SUMMARY,
  options: { profile: { type: 'string' }, period: { type: 'string' }, out: { type: 'string' } },
  required: ['profile', 'out'],
  positionals: ['NAME'],
  async run(ctx, v, [name]) {
    const profile = await ctx.profile(v.profile as string)
    const period = v.period as string | undefined
    const pack = await ctx.withStore(profile, (store) => runPeriodPack(store, name!, period, profile.environment))
    return writePack(ctx, v.out as string, pack)
  },
}
