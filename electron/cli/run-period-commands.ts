import { warnStaleScreening } from './alterations-cli'
import { previewRun, sendRun, type RunPreview, type RunSendResult } from '../core/pay-runs/use-cases'
import { shown, jsonText } from '../../shared/text/visible-text'
import { retypeTotal } from './batch-command'
import type { CliContext } from './cli-context'
import type { Action } from './command'
import { confirm } from './confirm'
import { printTable } from './terminal-output'

/** `run preview` and `run send`: one period of a pay run, checked against the last one and the funds, then paid. */
const CHANGE_TEXT = {
  new_payee: 'new payee',
  changed_amount: 'changed amount',
  new_destination: 'destination new to this payee',
} as const

function printPreview(ctx: CliContext, p: RunPreview): void {
  const done = p.done ? ` (${p.done} already)` : ''
  ctx.out(
    `Pay run "${shown(p.name)}" period ${p.period}${done}; compared with ` +
      `${p.lastSent ? `the period sent ${p.lastSent}` : 'nothing (no period sent yet)'}`,
  )
  const rows = p.lines.map((l) => [
    String(l.line),
    shown(l.payee),
    shown(l.destinationName),
    `${l.amount} ${shown(l.asset)}`,
    l.usd ? `USD ${l.usd.usd} at ${l.usd.rate} (${l.usd.date})` : '',
    l.invoiceNumber ? shown(l.invoiceNumber) : '',
    l.changes
      .map((c) => (c === 'changed_amount' ? `${CHANGE_TEXT[c]} (was ${shown(l.before!)})` : CHANGE_TEXT[c]))
      .join('; '),
  ])
  printTable(ctx.out, ['LINE', 'PAYEE', 'DESTINATION', 'AMOUNT', 'CONVERTED', 'INVOICE', 'CHANGE'], rows)
  for (const l of p.lines) if (l.invoiceNote) ctx.out(`Line ${l.line}: ${shown(l.invoiceNote)}.`)
  for (const r of p.removed)
    ctx.out(`removed payee: ${shown(r.payee)} (${r.amount} ${shown(r.asset)} in ${p.lastSent})`)
  ctx.out('Funds check (total + fee margin against available):')
  for (const f of p.funds) {
    const verdict = f.missing === null ? 'enough' : `SHORT by ${f.missing}`
    ctx.out(
      `  ${shown(f.walletName)} ${shown(f.asset)} on ${shown(f.network)}: ${f.total} + ${f.feeMargin} = ` +
        `${f.needed}; available ${f.available}: ${verdict}`,
    )
  }
  for (const s of p.shortfalls) ctx.err(`shortfall: ${shown(s)}`)
  for (const pr of p.problems) ctx.err(`${pr.severity === 'error' ? 'error' : 'confirm'}: ${shown(pr.message)}`)
}

export const preview: Action = {
  name: 'run preview',
  usage: 'run preview NAME --profile P [--period YYYY-MM-DD] [--json]',
  summary:
    "Shows the period's lines, what changed since the last period sent and the funds check per wallet and " +
    'asset; sends nothing. Exit 1 on a problem or a shortfall.',
  options: { profile: { type: 'string' }, period: { type: 'string' }, json: { type: 'boolean' } },
  required: ['profile'],
  positionals: ['NAME'],
  async run(ctx, v, [name]) {
    const profile = await ctx.profile(v.profile as string)
    const p = await ctx.withSession(profile, (s) => previewRun(s, name!, v.period as string | undefined))
    const clean = p.shortfalls.length === 0 && !p.problems.some((x) => x.severity === 'error')
    if (v.json) {
      const { check: _check, ...view } = p
      ctx.out(jsonText({ clean, ...view }))
    } else printPreview(ctx, p)
    return clean ? 0 : 1
  },
}

function printSent(ctx: CliContext, r: RunSendResult): void {
  if (r.sentElsewhere)
    ctx.out(
      `Period ${r.period} was sent from another desk: the provider holds its keys already. Nothing was recorded ` +
        'or sent from here.',
    )
  else if (r.again)
    ctx.out(`Period ${r.period} was recorded from this desk already (batch ${r.batchId}); nothing new was recorded.`)
  else ctx.out(`Period ${r.period} recorded as batch ${r.batchId!}.`)
  if (r.busy) ctx.out('Another Payout Desk process is sending this batch right now; its rows as they stand:')
  const rows = r.rows.map((x) => [
    String(x.line),
    shown(x.payee),
    `${x.amount} ${shown(x.asset)}`,
    x.withdrawalId ?? '-',
    x.conflict
      ? 'sent from another desk with another amount'
      : x.earlier
        ? `${x.state} (already sent from another desk)`
        : x.requestedAgain
          ? `${x.payoutStatus ?? x.state}, requested again as ${x.requestedAgain}`
          : x.state,
  ])
  printTable(ctx.out, ['LINE', 'PAYEE', 'AMOUNT', 'PAYOUT', 'STATE'], rows)
  const p = r.progress
  ctx.out(
    `${p.finished ? 'Finished' : 'Stopped'}: sent ${p.sent}/${p.total}: accepted ${p.accepted}, refused ` +
      `${p.refused}, unknown ${p.unknown}`,
  )
}

/** A period ahead of today goes only when its date is typed on a terminal, or a script says --ahead. */
async function aheadTyped(ctx: CliContext, period: string | undefined, ahead: boolean): Promise<boolean> {
  if (ahead) return true
  if (period === undefined || period <= new Date().toISOString().slice(0, 10) || !ctx.stdinIsTty) return false
  ctx.err(`The period ${period} is ahead of today: type its date (YYYY-MM-DD) to pay it early: `)
  return (await ctx.readLine()).trim() === period
}

export const send: Action = {
  name: 'run send',
  usage: 'run send NAME --profile P [--period YYYY-MM-DD [--ahead]] [--yes]',
  summary:
    "Sends the period due (today's, or the oldest overdue one), recorded as a batch whose Idempotency-Keys " +
    'derive from (run, period, line id); the provider is asked for those keys first, so a period another desk ' +
    'sent is not sent again. A period ahead needs --period and its date typed (--ahead in a script); --yes skips ' +
    'the other confirmations, never that one.',
  options: {
    profile: { type: 'string' },
    period: { type: 'string' },
    ahead: { type: 'boolean' },
    yes: { type: 'boolean' },
  },
  required: ['profile'],
  positionals: ['NAME'],
  async run(ctx, v, [name]) {
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('run', profile)
    const yes = v.yes === true
    const production = profile.environment === 'production'
    const period = v.period as string | undefined
    const ahead = await aheadTyped(ctx, period, v.ahead === true)
    return ctx.withSession(profile, async (session) => {
      warnStaleScreening(ctx, session.store)
      const result = await sendRun(session, name!, {
        period,
        ahead,
        actor: by,
        production,
        retypedTotal: null,
        confirmDuplicates: yes,
        confirm: async (p) => {
          printPreview(ctx, p)
          const duplicates = p.problems.some((x) => x.severity === 'confirm')
          const no = { go: false, retypedTotal: null, confirmDuplicates: false }
          if (duplicates && !yes && !(ctx.stdinIsTty && (await confirm(ctx, 'Pay the repeated lines as well?'))))
            return no
          const first = p.firstPayouts.length
          if (
            first > 0 &&
            !yes &&
            !(await confirm(
              ctx,
              `Pay ${first === 1 ? 'a destination' : `${first} destinations`} never paid before? Check each ` +
                `address with its recipient first.`,
            ))
          )
            return no
          return {
            go: true,
            retypedTotal: await retypeTotal(ctx, profile, yes, p.check.grandTotal),
            confirmDuplicates: duplicates,
          }
        },
      })
      printSent(ctx, result)
      const notSent = result.rows.filter((x) => x.state === 'not sent').length
      if (notSent > 0)
        ctx.err(
          `${notSent} line(s) are not held by the provider in the period another desk sent; they were not sent ` +
            'from here. Agree with that desk whether they are owed.',
        )
      const conflicts = result.rows.filter((x) => x.conflict).length
      if (conflicts > 0)
        ctx.err(
          `${conflicts} line(s) were sent from another desk with another amount: agree which is right; they ` +
            `are never sent under a new key.`,
        )
      const p = result.progress
      return p.finished && p.refused === 0 && p.unknown === 0 && notSent + conflicts === 0 ? 0 : 1
    })
  },
}
