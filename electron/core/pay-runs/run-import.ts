import { DeskError } from '../errors'
import { payRunRepo, type DeskStore, type PayRun, type RunLine } from '../store'
import { checkName, keep } from './run-book'
import { readRunFile, type FileIntegrity } from './run-file'
import { normaliseSchedule } from './schedule'

/** One line's change between the run in the store and the file, named by the store's payee. */
export interface LineDiff {
  payee: string
  what: 'amount' | 'address' | 'payee'
  before: string
  after: string
}

/** What an import would change: shown, and asked, before anything is kept. */
export interface ImportPlan {
  runId: string
  name: string
  integrity: FileIntegrity
  fileSha256: string
  /** The store holds no run with this id yet. */
  isNew: boolean
  added: RunLine[]
  removed: RunLine[]
  changed: LineDiff[]
  renamed: { before: string; after: string } | null
  scheduleChanged: boolean
  /** Periods the file records (sent or skipped by another desk) that this desk did not know. */
  newPeriods: Array<{ period: string; state: 'sent' | 'skipped'; actor: string }>
}

const amountOf = (l: RunLine) => `${l.amount} ${l.asset}`
const placeOf = (l: RunLine) => (l.network ? `${l.destination} (${l.network})` : l.destination)

function lineDiffs(
  before: readonly RunLine[],
  after: readonly RunLine[],
): Pick<ImportPlan, 'added' | 'removed' | 'changed'> {
  const was = new Map(before.map((l) => [l.id, l]))
  const now = new Map(after.map((l) => [l.id, l]))
  const changed: LineDiff[] = []
  for (const l of after) {
    const old = was.get(l.id)
    if (!old) continue
    if (old.amount !== l.amount || old.asset !== l.asset)
      changed.push({ payee: old.payee, what: 'amount', before: amountOf(old), after: amountOf(l) })
    if (placeOf(old).toLowerCase() !== placeOf(l).toLowerCase())
      changed.push({ payee: old.payee, what: 'address', before: placeOf(old), after: placeOf(l) })
    if (old.payee !== l.payee) changed.push({ payee: old.payee, what: 'payee', before: old.payee, after: l.payee })
  }
  return {
    added: after.filter((l) => !was.has(l.id)),
    removed: before.filter((l) => !now.has(l.id)),
    changed,
  }
}

/** Whether the plan needs a person's yes: the file was edited after export, or it changes a run this desk holds. */
export const importNeedsYes = (p: ImportPlan): boolean =>
  p.integrity === 'edited' ||
  (!p.isNew && (p.added.length + p.removed.length + p.changed.length > 0 || p.renamed !== null || p.scheduleChanged))

/**
 * A run file kept: a new run, or the same run (by id) updated from another desk's file, with the periods that desk
 * recorded. The diff against the store is shown (`confirm`) and a file edited after export or a change to a run held
 * here goes only on a yes; the import is audited with the file's SHA-256 and what it changed.
 */
export async function importRun(
  store: DeskStore,
  text: string,
  actor: string,
  confirm: (plan: ImportPlan) => Promise<boolean>,
  now = new Date(),
): Promise<{ run: PayRun; updated: boolean; plan: ImportPlan }> {
  const file = readRunFile(text)
  const schedule = normaliseSchedule(file.run.schedule, now)
  const repo = store.repo(payRunRepo)
  const existing = store.read('read the pay runs', () => repo.byId(file.run.id))
  const known = new Set(store.read('read the pay run', () => repo.periods(file.run.id)).map((p) => p.period))
  const name = checkName(file.run.name)
  const plan: ImportPlan = {
    runId: file.run.id,
    name,
    integrity: file.integrity,
    fileSha256: file.fileSha256,
    isNew: existing === null,
    ...lineDiffs(existing?.lines ?? [], file.run.lines),
    renamed: existing && existing.name !== name ? { before: existing.name, after: name } : null,
    scheduleChanged: existing !== null && existing.schedule !== schedule,
    newPeriods: file.periods
      .filter((p) => !known.has(p.period))
      .map(({ period, state, actor: by }) => ({ period, state, actor: by })),
  }
  if (!(await confirm(plan))) throw new DeskError('confirmation_required', 'Not imported; nothing changed.')
  const at = now.toISOString()
  const run: PayRun = { ...file.run, name, createdAt: existing?.createdAt ?? at, updatedAt: at }
  const detail = {
    file_sha256: file.fileSha256,
    edited_after_export: file.integrity === 'edited',
    signed: file.integrity !== 'unsigned',
    added: plan.added.length,
    removed: plan.removed.length,
    changed: new Set(plan.changed.map((c) => c.payee)).size,
    periods: plan.newPeriods.map((p) => `${p.period} ${p.state}`),
  }
  // A period another desk recorded is recorded here as theirs: never due again, never sent from here.
  const alongside = () => {
    const recorded = new Set(repo.periods(run.id).map((p) => p.period))
    for (const p of file.periods.filter((x) => !recorded.has(x.period)))
      repo.putPeriod({ ...p, runId: run.id, origin: 'import', batchId: null })
  }
  return { run: keep(store, run, 'imported', actor, now, { detail, alongside }), updated: existing !== null, plan }
}
