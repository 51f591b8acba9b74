import { randomUUID } from 'node:crypto'
import { DeskError } from '../errors'
import { payRunRepo, type DeskStore, type PayRun } from '../store'
import { decisionRow } from '../store/audit/decision-row'
import { nextDue, type NextDue } from './due'
import { withLineIds } from './line-ids'
import { runFileText } from './run-file'
import type { RunLineInput } from './run-lines'
import { isPeriod, normaliseSchedule, type Period } from './schedule'

export interface RunSummary {
  id: string
  name: string
  schedule: string
  lines: number
  next: NextDue
  lastSent: Period | null
}

const NAME_MAX = 120

export function checkName(name: string): string {
  const n = name.trim()
  if (n === '' || n.length > NAME_MAX)
    throw new DeskError('invalid_input', `A run's name has 1 to ${NAME_MAX} characters.`)
  return n
}

export function runNamed(store: DeskStore, name: string): PayRun {
  const run = store.read('read the pay runs', () => store.repo(payRunRepo).byName(name.trim()))
  if (!run)
    throw new DeskError(
      'invalid_input',
      `There is no pay run named "${name}" in this profile ("payout-desk run list" shows them).`,
    )
  return run
}

/** The run written and audited in one transaction, with what else the caller writes (`alongside`) and says. */
export function keep(
  store: DeskStore,
  run: PayRun,
  what: string,
  actor: string,
  now: Date,
  more: { detail?: Record<string, unknown>; alongside?: () => void } = {},
): PayRun {
  store.transaction(`keep the pay run (${what})`, () => {
    const repo = store.repo(payRunRepo)
    const other = repo.byName(run.name)
    if (other && other.id !== run.id)
      throw new DeskError('invalid_input', `A pay run named "${run.name}" exists already; choose another name.`)
    repo.put(run)
    more.alongside?.()
    const detail = { run_id: run.id, name: run.name, lines: run.lines.length, ...more.detail }
    store.audit.append(decisionRow(now, `payrun.${what}`, actor, null, detail))
  })
  return run
}

export function addRun(
  store: DeskStore,
  input: { name: string; schedule: string; lines: RunLineInput[] },
  actor: string,
  now = new Date(),
): PayRun {
  const at = now.toISOString()
  const run = {
    id: randomUUID(),
    name: checkName(input.name),
    schedule: normaliseSchedule(input.schedule, now),
    lines: withLineIds([], input.lines),
    createdAt: at,
    updatedAt: at,
  }
  return keep(store, run, 'added', actor, now)
}

/** A run with a new name, schedule or lines; its id and its lines' ids (and so its payout keys) stay. */
export function editRun(
  store: DeskStore,
  name: string,
  change: { name?: string; schedule?: string; lines?: RunLineInput[] },
  actor: string,
  now = new Date(),
): PayRun {
  const run = runNamed(store, name)
  const next: PayRun = {
    ...run,
    name: change.name === undefined ? run.name : checkName(change.name),
    schedule: change.schedule === undefined ? run.schedule : normaliseSchedule(change.schedule, now),
    lines: change.lines ? withLineIds(run.lines, change.lines) : run.lines,
    updatedAt: now.toISOString(),
  }
  return keep(store, next, 'edited', actor, now)
}

export function listRuns(store: DeskStore, today = new Date()): RunSummary[] {
  const repo = store.repo(payRunRepo)
  return store.read('read the pay runs', () =>
    repo.list().map((run) => {
      const periods = repo.periods(run.id)
      const sent = periods.filter((p) => p.state === 'sent')
      return {
        id: run.id,
        name: run.name,
        schedule: run.schedule,
        lines: run.lines.length,
        next: nextDue(run.schedule, periods, today),
        lastSent: sent.at(-1)?.period ?? null,
      }
    }),
  )
}

/**
 * Runs due today or overdue whose period has not been said yet: each is said once per period (the caller shows it),
 * like the approval reminders.
 */
export function dueReminders(store: DeskStore, today = new Date()): RunSummary[] {
  const due = listRuns(store, today).filter((r) => r.next.state === 'overdue' || r.next.state === 'due_today')
  return store.transaction('note the due reminders', () =>
    due.filter((r) => store.repo(payRunRepo).remind(r.id, r.next.period!, today.toISOString())),
  )
}

/** The run's file: its lines with their ids, and every period this desk knows of with the keys it was sent under. */
export const exportRun = (store: DeskStore, name: string): string => {
  const run = runNamed(store, name)
  return runFileText(
    run,
    store.read('read the pay run', () => store.repo(payRunRepo).periods(run.id)),
  )
}

export function skipPeriod(store: DeskStore, name: string, period: Period, actor: string, now = new Date()): void {
  const run = runNamed(store, name)
  if (!isPeriod(run.schedule, period))
    throw new DeskError(
      'invalid_input',
      `${period} is not one of the run's periods (its schedule: ${run.schedule.replace(/\n/g, ' ')}).`,
    )
  store.transaction('skip the period', () => {
    const repo = store.repo(payRunRepo)
    const done = repo.periods(run.id).find((p) => p.period === period)
    if (done)
      throw new DeskError(
        'invalid_input',
        `The period ${period} of "${run.name}" was ${done.state} already (${done.at}).`,
      )
    const at = now.toISOString()
    repo.putPeriod({ runId: run.id, period, state: 'skipped', origin: 'here', batchId: null, lines: [], at, actor })
    store.audit.append(decisionRow(now, 'payrun.skipped', actor, null, { run_id: run.id, period }))
  })
}
