import { readFile, writeFile } from 'node:fs/promises'
import { DeskError } from '../core/errors'
import { exportRun, exportRunLines, importNeedsYes, importRun, type ImportPlan } from '../core/pay-runs/use-cases'
import { shown } from '../../shared/text/visible-text'
import type { CliContext } from './cli-context'
import type { Action } from './command'
import { confirm } from './confirm'

/** `run export` and `run import`: a run travels between desks with its line ids, its periods and a SHA-256. */
export const exportAction: Action = {
  name: 'run export',
  usage: 'run export NAME --profile P --out FILE',
  summary:
    'Writes the run (its id, schedule, lines with their ids, and every period sent or skipped with its keys) and ' +
    'the SHA-256 of that content to a file another desk imports; both then pay each period under the same keys.',
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

export const linesAction: Action = {
  name: 'run lines',
  usage: 'run lines NAME --profile P --out FILE.csv',
  summary:
    "Writes the run's lines as the CSV run add and run edit read, with each line's id in line_id: edit it and give " +
    'it back to run edit --file, and every line keeps its id (and so its keys), whatever else you changed.',
  options: { profile: { type: 'string' }, out: { type: 'string' } },
  required: ['profile', 'out'],
  positionals: ['NAME'],
  async run(ctx, v, [name]) {
    const profile = await ctx.profile(v.profile as string)
    const text = await ctx.withStore(profile, (store) => exportRunLines(store, name!))
    await writeFile(v.out as string, text)
    ctx.out(`Wrote the run's lines to ${v.out as string}.`)
    return 0
  },
}

const INTEGRITY = {
  intact: 'its content matches the SHA-256 it carries',
  edited: 'edited after export: its content does not match the SHA-256 it carries',
  unsigned: 'it carries no SHA-256 (exported by an older desk)',
} as const

function printPlan(ctx: CliContext, p: ImportPlan): void {
  ctx.out(`Run file of "${shown(p.name)}" (sha256 ${p.fileSha256}): ${INTEGRITY[p.integrity]}.`)
  if (p.isNew) {
    ctx.out(`A new run here, with ${p.added.length} lines.`)
  } else {
    const changes = [
      ...(p.renamed ? [`name: ${shown(p.renamed.before)} -> ${shown(p.renamed.after)}`] : []),
      ...(p.scheduleChanged ? ['schedule changed'] : []),
      ...p.added.map(
        (l) => `added: ${shown(l.payee)} (${shown(l.amount)} ${shown(l.asset)} to ${shown(l.destination)})`,
      ),
      ...p.removed.map((l) => `removed: ${shown(l.payee)} (${shown(l.amount)} ${shown(l.asset)})`),
      ...p.changed.map(
        (c) => `${shown(c.payee)}: ${c.what === 'payee' ? 'renamed' : c.what} ${shown(c.before)} -> ${shown(c.after)}`,
      ),
    ]
    ctx.out(changes.length === 0 ? 'No line changes against the run here.' : 'Changes against the run here:')
    for (const c of changes) ctx.out(`  ${c}`)
  }
  for (const x of p.newPeriods) ctx.out(`  period ${x.period} ${x.state} by ${shown(x.actor)} (from the file)`)
}

export const importAction: Action = {
  name: 'run import',
  usage: 'run import FILE --profile P [--yes]',
  summary:
    'Keeps a run from an exported file, with its id, line ids and the periods other desks sent or skipped. Shows ' +
    "the file's SHA-256 check and the diff against the run here; a changed run or a file edited after export is " +
    "kept only when confirmed (or --yes). Audited with the file's SHA-256.",
  options: { profile: { type: 'string' }, yes: { type: 'boolean' } },
  required: ['profile'],
  positionals: ['FILE'],
  async run(ctx, v, [file]) {
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('run', profile)
    const text = await readFile(file!, 'utf8').catch(() => {
      throw new DeskError('invalid_input', `Cannot read ${file}.`)
    })
    const ask = async (plan: ImportPlan) => {
      printPlan(ctx, plan)
      if (!importNeedsYes(plan) || v.yes === true) return true
      if (ctx.stdinIsTty) return confirm(ctx, 'Keep these changes?')
      const what = plan.integrity === 'edited' ? 'A file edited after export' : 'A change to the run here'
      ctx.err(`${what} is kept only when confirmed on a terminal, or with --yes.`)
      return false
    }
    const { run, updated } = await ctx.withStore(profile, (store) => importRun(store, text, by, ask))
    ctx.out(
      `Pay run "${shown(run.name)}" (${run.id}) ${updated ? 'updated' : 'imported'} with ${run.lines.length} lines.`,
    )
    return 0
  },
}
