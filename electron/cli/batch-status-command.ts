import { warnAlterations } from './alterations-cli'
import { readBatchStatus, writeBatchResults } from '../core/batch/use-cases'
import type { Action } from './command'
import { approvalProgressLine, progressLine } from './batch-printing'
import { printTable } from './terminal-output'
import { jsonText } from '../../shared/text/visible-text'
import { batchStateText } from './batch-list-command'
import { cutName } from './batch-destinations'

/** `batch status`: a batch's rows from the store (or refreshed from the provider), as a table, JSON or CSV. */
export const status: Action = {
  name: 'batch status',
  usage: 'batch status ID --profile N [--json] [--state S] [--export FILE] [--refresh]',
  summary:
    "Lists a batch's rows in file order with their outbox state, payout id and the last known payout status, " +
    'after the counts of its payouts by approval status (waiting, approved, completed, rejected, expired, ' +
    'failed, cancelled); ' +
    '--state keeps one state (queued, accepted, refused, unknown, discarded, or a payout status); --export ' +
    "writes the results as CSV; --refresh first reads the payouts' current status from the provider, 100 a " +
    'request.',
  options: {
    profile: { type: 'string' },
    json: { type: 'boolean' },
    state: { type: 'string' },
    export: { type: 'string' },
    refresh: { type: 'boolean' },
  },
  required: ['profile'],
  positionals: ['ID'],
  async run(ctx, v, [id]) {
    const profile = await ctx.profile(v.profile as string)
    const input = { batchId: id!, state: v.state as string | undefined }
    // Only --refresh needs the key: a plain status reads the store alone.
    const report = v.refresh
      ? await ctx.withSession(profile, async (s) => {
          const read = await readBatchStatus(s.store, input, { refresh: s.client, outbox: s.payouts.outbox })
          warnAlterations(ctx, s.store)
          return read
        })
      : await ctx.withStore(profile, (store) => {
          warnAlterations(ctx, store)
          return readBatchStatus(store, input)
        })
    if (v.export) {
      await writeBatchResults(v.export as string, report)
      ctx.out(`Wrote ${report.rows.length} rows to ${v.export as string}.`)
      return 0
    }
    if (v.json) {
      ctx.out(jsonText(report))
      return 0
    }
    const b = report.batch
    ctx.out(
      `Batch ${b.id} from ${cutName(b.source, 60)}, ${b.createdAt} by ${cutName(b.requestedBy, 60)}: ` +
        batchStateText(report.progress),
    )
    ctx.out(progressLine(report.progress))
    ctx.out(approvalProgressLine(report.progress))
    if (report.progress.senderGone)
      ctx.err(
        `No process is sending this batch any more (it was killed or closed): "payout-desk batch resume ${b.id} ` +
          `--profile …" (Resume in the app) sends the rest under their recorded keys.`,
      )
    const rows = report.rows.map((r) => [
      String(r.line),
      cutName(r.reference ?? '', 40),
      cutName(r.destination, 40),
      `${r.amount} ${r.asset}`,
      r.idempotencyKey,
      r.state,
      r.withdrawalId ?? '-',
      r.payoutStatus ?? '-',
      r.requestedAgain ?? '-',
      r.error ?? '',
    ])
    const header = [
      'LINE',
      'REFERENCE',
      'DESTINATION',
      'AMOUNT',
      'IDEMPOTENCY-KEY',
      'STATE',
      'PAYOUT',
      'STATUS',
      'REQUESTED AGAIN AS',
      'ERROR',
    ]
    printTable(ctx.out, header, rows)
    return 0
  },
}
