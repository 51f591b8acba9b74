import { warnAlterations } from './alterations-cli'
import { readOutbox } from '../core/payouts/use-cases'
import { actionHelp, runAction, type Action, type CliCommand } from './command'
import { outboxCancel } from './outbox-cancel'
import { printTable } from './terminal-output'
import { shown, jsonText } from '../../shared/text/visible-text'

const list: Action = {
  name: 'outbox',
  usage: 'outbox --profile N [--json]',
  summary:
    "Lists the profile's payout outbox, newest first: Idempotency-Key, state, withdrawal id, who requested it, " +
    'when, and the last error. Shows what is in flight from every process (app, connector, CLI).',
  options: { profile: { type: 'string' }, json: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const { entries, damaged } = await ctx.withStore(profile, (store) => {
      warnAlterations(ctx, store)
      return readOutbox(store)
    })
    // The message a damaged row has always been reported with here.
    const problems = damaged.map((d) => ({
      key: d.idempotencyKey,
      message: `The outbox record ${d.idempotencyKey} is damaged (${d.problem}). ${d.advice}`,
    }))
    if (v.json) {
      ctx.out(jsonText({ entries, damaged: problems.map((p) => ({ idempotencyKey: p.key, message: p.message })) }))
      return problems.length ? 1 : 0
    }
    if (entries.length === 0 && problems.length === 0) {
      ctx.out(`The outbox of "${shown(profile.name)}" is empty.`)
      return 0
    }
    const rows = entries.map((e) => [
      e.idempotencyKey,
      e.state === 'queued' && e.notBefore
        ? `queued until ${e.notBefore}`
        : e.error?.rule
          ? `${e.state} (rule ${e.error.rule})`
          : e.state,
      e.withdrawalId ?? '-',
      e.requestedBy,
      e.createdAt,
      `${e.body.amount} ${e.body.asset}`,
      e.reference ?? '',
      e.error ? `${e.error.code}: ${e.error.message}` : '',
    ])
    const header = ['IDEMPOTENCY-KEY', 'STATE', 'WITHDRAWAL', 'BY', 'CREATED', 'AMOUNT', 'REFERENCE', 'LAST ERROR']
    printTable(ctx.out, header, rows)
    for (const p of problems) ctx.err(`damaged: ${shown(p.message)}`)
    return problems.length ? 1 : 0
  },
}

const help = `${actionHelp(list)}\n\nUsage: payout-desk ${outboxCancel.usage}\n\n${outboxCancel.summary}`

/** `outbox --profile N` lists (as it always has); `outbox cancel KEY --profile N` cancels a waiting payout. */
export const outboxCommand: CliCommand = {
  name: 'outbox',
  summary: `${list.summary} "outbox cancel KEY" cancels a payout waiting to be sent.`,
  help,
  async run(ctx, args) {
    if (args[0] === 'cancel') return runAction(outboxCancel, ctx, args.slice(1))
    if (args.includes('--help') || args.includes('-h')) {
      ctx.out(help)
      return 0
    }
    return runAction(list, ctx, args)
  },
}
