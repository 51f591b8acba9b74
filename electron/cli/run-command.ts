import { readFile } from 'node:fs/promises'
import { DeskError } from '../core/errors'
import { addRun, dueReminders, editRun, listRuns, readRunLines, skipPeriod } from '../core/pay-runs/use-cases'
import { shown, jsonText } from '../../shared/text/visible-text'
import { commandGroup, type Action } from './command'
import { printTable } from './terminal-output'
import { exportAction, importAction, linesAction } from './run-file-commands'
import { runInvoice } from './run-invoice-command'
import { preview, send } from './run-period-commands'
import { runPack } from './approval-pack-command'

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
    const { by } = await ctx.acting('run', profile)
    const lines = await readLines(v.file as string)
    const run = await ctx.withStore(profile, (store) =>
      addRun(store, { name: v.name as string, schedule: v.schedule as string, lines }, by),
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
  summary:
    "Changes a run's name, schedule or lines; its id and each line's id (and so the keys of its periods) stay: a " +
    'line keeps its id by its line_id column, else by its payee, else by paying the same destination and asset.',
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
    const { by } = await ctx.acting('run', profile)
    const lines = v.file ? await readLines(v.file as string) : undefined
    const change = { name: v.name as string | undefined, schedule: v.schedule as string | undefined, lines }
    const run = await ctx.withStore(profile, (store) => editRun(store, name!, change, by))
    ctx.out(`Pay run "${shown(run.name)}" (${run.id}) changed; ${run.lines.length} lines.`)
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
    const { by } = await ctx.acting('run', profile)
    await ctx.withStore(profile, (store) => skipPeriod(store, name!, v.period as string, by))
    ctx.out(`Period ${v.period as string} of "${shown(name!)}" skipped.`)
    return 0
  },
}

export const runCommand = commandGroup(
  'run',
  'Pay runs: scheduled payee lists, previewed against the last period and the funds, paid once per period.',
  [add, list, edit, linesAction, exportAction, importAction, skip, preview, send, runInvoice, runPack],
)
