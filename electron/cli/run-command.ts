import { warnStaleScreening } from './alterations-cli'
import { readFile, writeFile } from 'node:fs/promises'
import { who } from '../core/audit/use-cases'
import { DeskError } from '../core/errors'
import {
  addRun,
  dueReminders,
  editRun,
  exportRun,
  importRun,
  listRuns,
  previewRun,
  readRunLines,
  sendRun,
  skipPeriod,
  type RunPreview,
  type RunSendResult,
} from '../core/pay-runs/use-cases'
import { shown, jsonText } from '../../shared/text/visible-text'
import { retypeTotal } from './batch-command'
import type { CliContext } from './cli-context'
import { commandGroup, type Action } from './command'
import { confirm } from './confirm'
import { printTable } from './terminal-output'

async function readLines(file: string) {
  const bytes = await readFile(file).catch(() => {
    throw new DeskError('invalid_input', `Cannot read ${file}.`)
  })
  return readRunLines(bytes)
}

const DUE_TEXT = { overdue: 'overdue', due_today: 'due today', upcoming: 'upcoming', ended: 'ended' } as const

const add: Action = {
  name: 'run add',
  usage: 'run add --profile P --name NAME --schedule RRULE --file LINES.csv',
  summary:
    'Keeps a pay run: a named, scheduled (RFC 5545, e.g. FREQ=WEEKLY;BYDAY=FR) list of payee lines with the batch ' +
    'file\'s columns plus invoice_number, invoice_date, due_date, invoice_amount; an amount may be "USD 1500".',
  options: {
    profile: { type: 'string' },
    name: { type: 'string' },
    schedule: { type: 'string' },
    file: { type: 'string' },
  },
  required: ['profile', 'name', 'schedule', 'file'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const lines = await readLines(v.file as string)
    const run = await ctx.withStore(profile, (store) =>
      addRun(store, { name: v.name as string, schedule: v.schedule as string, lines }, who('cli')),
    )
    ctx.out(`Pay run "${shown(run.name)}" (${run.id}) kept with ${run.lines.length} lines.`)
    return 0
  },
}

const list: Action = {
  name: 'run list',
  usage: 'run list --profile P [--json]',
  summary:
    "Lists the profile's pay runs with each one's next due period (overdue, due today, upcoming); a run due is " +
    'said once per period.',
  options: { profile: { type: 'string' }, json: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const runs = await ctx.withStore(profile, (store) => listRuns(store))
    if (v.json) {
      ctx.out(jsonText(runs))
      return 0
    }
    if (runs.length === 0) ctx.out('No pay runs yet: "payout-desk run add" keeps one.')
    else
      printTable(
        ctx.out,
        ['NAME', 'NEXT PERIOD', 'DUE', 'LINES', 'LAST SENT'],
        runs.map((r) => [
          shown(r.name),
          r.next.period ?? '-',
          DUE_TEXT[r.next.state],
          String(r.lines),
          r.lastSent ?? '-',
        ]),
      )
    for (const r of await ctx.withStore(profile, (store) => dueReminders(store))) {
      ctx.out(`Reminder: pay run "${shown(r.name)}" is ${DUE_TEXT[r.next.state]} (period ${r.next.period}).`)
    }
    return 0
  },
}

const edit: Action = {
  name: 'run edit',
  usage: 'run edit NAME --profile P [--name NEW] [--schedule RRULE] [--file LINES.csv]',
  summary: "Changes a run's name, schedule or lines; its id, and so the keys of its periods, stay.",
  options: {
    profile: { type: 'string' },
    name: { type: 'string' },
    schedule: { type: 'string' },
    file: { type: 'string' },
  },
  required: ['profile'],
  positionals: ['NAME'],
  async run(ctx, v, [name]) {
    const profile = await ctx.profile(v.profile as string)
    const lines = v.file ? await readLines(v.file as string) : undefined
    const change = { name: v.name as string | undefined, schedule: v.schedule as string | undefined, lines }
    const run = await ctx.withStore(profile, (store) => editRun(store, name!, change, who('cli')))
    ctx.out(`Pay run "${shown(run.name)}" (${run.id}) changed; ${run.lines.length} lines.`)
    return 0
  },
}

const exportAction: Action = {
  name: 'run export',
  usage: 'run export NAME --profile P --out FILE',
  summary:
    'Writes the run (its id, schedule and lines) to a file another desk imports; both then pay each period ' +
    'under the same keys.',
  options: { profile: { type: 'string' }, out: { type: 'string' } },
  required: ['profile', 'out'],
  positionals: ['NAME'],
  async run(ctx, v, [name]) {
    const profile = await ctx.profile(v.profile as string)
    const text = await ctx.withStore(profile, (store) => exportRun(store, name!))
    await writeFile(v.out as string, text)
    ctx.out(`Wrote the pay run to ${v.out as string}.`)
    return 0
  },
}

const importAction: Action = {
  name: 'run import',
  usage: 'run import FILE --profile P',
  summary: 'Keeps a run from an exported file, with its id (the same run, updated, if this profile holds it already).',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  positionals: ['FILE'],
  async run(ctx, v, [file]) {
    const profile = await ctx.profile(v.profile as string)
    const text = await readFile(file!, 'utf8').catch(() => {
      throw new DeskError('invalid_input', `Cannot read ${file}.`)
    })
    const { run, updated } = await ctx.withStore(profile, (store) => importRun(store, text, who('cli')))
    ctx.out(
      `Pay run "${shown(run.name)}" (${run.id}) ${updated ? 'updated' : 'imported'} with ${run.lines.length} lines.`,
    )
    return 0
  },
}

const skip: Action = {
  name: 'run skip',
  usage: 'run skip NAME --profile P --period YYYY-MM-DD',
  summary: 'Marks a period of the run as not paid (audited); the next one becomes due.',
  options: { profile: { type: 'string' }, period: { type: 'string' } },
  required: ['profile', 'period'],
  positionals: ['NAME'],
  async run(ctx, v, [name]) {
    const profile = await ctx.profile(v.profile as string)
    await ctx.withStore(profile, (store) => skipPeriod(store, name!, v.period as string, who('cli')))
    ctx.out(`Period ${v.period as string} of "${shown(name!)}" skipped.`)
    return 0
  },
}

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
    l.changes
      .map((c) => (c === 'changed_amount' ? `${CHANGE_TEXT[c]} (was ${shown(l.before!)})` : CHANGE_TEXT[c]))
      .join('; '),
  ])
  printTable(ctx.out, ['LINE', 'PAYEE', 'DESTINATION', 'AMOUNT', 'CONVERTED', 'CHANGE'], rows)
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

const preview: Action = {
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
  if (r.again)
    ctx.out(`Period ${r.period} was recorded from this desk already (batch ${r.batchId}); nothing new was recorded.`)
  else ctx.out(`Period ${r.period} recorded as batch ${r.batchId}.`)
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
        : x.state,
  ])
  printTable(ctx.out, ['LINE', 'PAYEE', 'AMOUNT', 'PAYOUT', 'STATE'], rows)
  const p = r.progress
  ctx.out(
    `${p.finished ? 'Finished' : 'Stopped'}: sent ${p.sent}/${p.total}: accepted ${p.accepted}, refused ` +
      `${p.refused}, unknown ${p.unknown}`,
  )
}

const send: Action = {
  name: 'run send',
  usage: 'run send NAME --profile P [--period YYYY-MM-DD] [--yes]',
  summary:
    'Records the period as a batch whose Idempotency-Keys derive from (run, period, payee) and sends it: sent ' +
    'again, here or from another desk holding the run file, it creates nothing new. Confirmations as for ' +
    'batches; --yes skips them.',
  options: { profile: { type: 'string' }, period: { type: 'string' }, yes: { type: 'boolean' } },
  required: ['profile'],
  positionals: ['NAME'],
  async run(ctx, v, [name]) {
    const profile = await ctx.profile(v.profile as string)
    const yes = v.yes === true
    const production = profile.environment === 'production'
    return ctx.withSession(profile, async (session) => {
      warnStaleScreening(ctx, session.store)
      const result = await sendRun(session, name!, {
        period: v.period as string | undefined,
        actor: who('cli'),
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
      const conflicts = result.rows.filter((x) => x.conflict).length
      if (conflicts > 0)
        ctx.err(
          `${conflicts} line(s) were sent from another desk with another amount: agree which is right; they ` +
            `are never sent under a new key.`,
        )
      return result.progress.finished && result.progress.refused === 0 && result.progress.unknown === 0 ? 0 : 1
    })
  },
}

export const runCommand = commandGroup(
  'run',
  'Pay runs: scheduled payee lists, previewed against the last period and the funds, paid once per period.',
  [add, list, edit, exportAction, importAction, skip, preview, send],
)
