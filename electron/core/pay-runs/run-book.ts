import { randomUUID } from 'node:crypto'
import { DeskError } from '../errors'
import { payRunRepo, type AuditEntry, type DeskStore, type PayRun, type RunLine } from '../store'
import { nextDue, type NextDue } from './due'
import { readRunFile, runFileText } from './run-file'
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

export function auditRow(
  at: Date,
  path: string,
  actor: string,
  detail: Record<string, unknown>,
  key: string | null = null,
): AuditEntry {
  return {
    at: at.toISOString(),
    kind: 'decision',
    method: 'LOCAL',
    path,
    status: null,
    errorCode: null,
    requestId: null,
    idempotencyKey: key,
    actor,
    detail,
  }
}

function checkName(name: string): string {
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

function keep(store: DeskStore, run: PayRun, what: string, actor: string, now: Date): PayRun {
  store.transaction(`keep the pay run (${what})`, () => {
    const repo = store.repo(payRunRepo)
    const other = repo.byName(run.name)
    if (other && other.id !== run.id)
      throw new DeskError('invalid_input', `A pay run named "${run.name}" exists already; choose another name.`)
    repo.put(run)
    store.audit.append(
      auditRow(now, `payrun.${what}`, actor, { run_id: run.id, name: run.name, lines: run.lines.length }),
    )
  })
  return run
}

export function addRun(
  store: DeskStore,
  input: { name: string; schedule: string; lines: RunLine[] },
  actor: string,
  now = new Date(),
): PayRun {
  const at = now.toISOString()
  const run = {
    id: randomUUID(),
    name: checkName(input.name),
    schedule: normaliseSchedule(input.schedule, now),
    lines: input.lines,
    createdAt: at,
    updatedAt: at,
  }
  return keep(store, run, 'added', actor, now)
}

/** A run with a new name, schedule or lines; its id (and so its payout keys) stays. */
export function editRun(
  store: DeskStore,
  name: string,
  change: { name?: string; schedule?: string; lines?: RunLine[] },
  actor: string,
  now = new Date(),
): PayRun {
  const run = runNamed(store, name)
  const next: PayRun = {
    ...run,
    name: change.name === undefined ? run.name : checkName(change.name),
    schedule: change.schedule === undefined ? run.schedule : normaliseSchedule(change.schedule, now),
    lines: change.lines ?? run.lines,
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

export const exportRun = (store: DeskStore, name: string): string => runFileText(runNamed(store, name))

/** A run file kept: a new run, or the same run (by id) updated from another desk's file. */
export function importRun(
  store: DeskStore,
  text: string,
  actor: string,
  now = new Date(),
): { run: PayRun; updated: boolean } {
  const file = readRunFile(text)
  normaliseSchedule(file.schedule, now)
  const existing = store.read('read the pay runs', () => store.repo(payRunRepo).byId(file.id))
  const at = now.toISOString()
  const run: PayRun = { ...file, name: checkName(file.name), createdAt: existing?.createdAt ?? at, updatedAt: at }
  return { run: keep(store, run, 'imported', actor, now), updated: existing !== null }
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
    repo.putPeriod({ runId: run.id, period, state: 'skipped', batchId: null, lines: [], at: now.toISOString(), actor })
    store.audit.append(auditRow(now, 'payrun.skipped', actor, { run_id: run.id, period }))
  })
}
