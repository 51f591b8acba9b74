import { listBatches } from '../core/batch/use-cases'
import type { BatchProgress } from '../core/batch/batch-progress'
import type { Action } from './command'
import { printTable } from './terminal-output'
import { jsonText } from '../../shared/text/visible-text'

/** Where a batch stands, in the words the app uses. */
export function batchStateText(p: BatchProgress): string {
  if (p.finished) return p.intent === 'cancelled' ? 'cancelled' : 'finished'
  if (p.senderGone) return 'stopped (its sending process ended)'
  return p.intent === 'running' ? 'sending' : p.intent
}

/** `batch list`: every batch of the profile, newest first, with where it stands; from the store alone. */
export const list: Action = {
  name: 'batch list',
  usage: 'batch list --profile N [--json]',
  summary:
    'Lists the batches of the profile, newest first: id, when, source file, state (sending, paused, cancelled, ' +
    'finished, or stopped when the process sending it ended: "batch resume" continues it), rows sent and their ' +
    'outcomes. Reads the store only.',
  options: { profile: { type: 'string' }, json: { type: 'boolean' } },
  required: ['profile'],
  positionals: [],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const batches = await ctx.withStore(profile, (store) => listBatches(store))
    if (v.json) {
      ctx.out(jsonText(batches))
      return 0
    }
    if (batches.length === 0) {
      ctx.out('No batch yet: "payout-desk batch submit FILE --profile …" records and sends one.')
      return 0
    }
    printTable(
      ctx.out,
      ['BATCH', 'CREATED', 'SOURCE', 'STATE', 'SENT', 'ACCEPTED', 'REFUSED', 'UNKNOWN', 'TOTAL'],
      batches.map(({ batch: b, progress: p }) => [
        b.id,
        b.createdAt,
        b.source.length > 40 ? `${b.source.slice(0, 39)}…` : b.source,
        batchStateText(p),
        `${p.sent}/${p.total}`,
        String(p.accepted),
        String(p.refused),
        String(p.unknown),
        b.grandTotal,
      ]),
    )
    const gone = batches.filter((b) => b.progress.senderGone)
    for (const { batch } of gone)
      ctx.err(`Batch ${batch.id} stopped: "payout-desk batch resume ${batch.id} --profile …" sends the rest.`)
    return 0
  },
}
