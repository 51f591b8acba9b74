import { readFile, stat } from 'node:fs/promises'
import {
  destinationBookCsv,
  destinationImports,
  exportDestinations,
  importProgressLine,
  recordDestinationImport,
  refuseOversizeImport,
  refusedImportRows,
  unfinishedImportOf,
} from '../core/destinations/use-cases'
import { DeskError } from '../core/errors'
import { groupProblems, groupWords } from '../../shared/destinations/problem-groups'
import { shown } from '../../shared/text/visible-text'
import type { Action } from './command'

export const exportBookAction: Action = {
  name: 'destinations export',
  usage: 'destinations export --profile N [--out FILE]',
  summary:
    'Writes the whole destination book, as the provider lists it now, as CSV (every field, status, can_send, ' +
    'verified_at) to FILE or stdout.',
  options: { profile: { type: 'string' }, out: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const out = v.out as string | undefined
    return ctx.withStore(profile, (store) =>
      ctx.withSession(profile, store, async (s) => {
        if (out === undefined) {
          // CRLF between lines as in a file (the formatter keeps them); `out` ends the last line.
          ctx.out((await destinationBookCsv(s.client)).slice(0, -2))
          return 0
        }
        const { rows } = await exportDestinations(s.client, out, new AbortController().signal)
        ctx.err(`destinations: wrote ${rows} destination${rows === 1 ? '' : 's'} to ${out}`)
        return 0
      }),
    )
  },
}

/** The file's bytes; over 10 MB is refused before reading, naming the limit. */
async function readImportFile(file: string): Promise<Buffer> {
  const info = await stat(file).catch(() => {
    throw new DeskError('invalid_input', `Cannot read ${file}: no such file.`)
  })
  if (!info.isFile()) throw new DeskError('invalid_input', `${file} is not a file.`)
  refuseOversizeImport(info.size, file)
  return readFile(file)
}

export const importBookAction: Action = {
  name: 'destinations import',
  usage: 'destinations import FILE --profile N [--resume]',
  summary:
    'Checks the whole file first (the columns of "destinations export"; address per network, identity fields, ' +
    'limits, duplicates, look-alikes) and imports nothing if any line has a problem, naming each. ' +
    'Then registers each new destination as pending, through the pacer; an address already in the book is ' +
    'answered as existing, never edited. Ctrl-C stops after the row in flight; --resume continues the same ' +
    'file exactly once.',
  options: { profile: { type: 'string' }, resume: { type: 'boolean' } },
  required: ['profile'],
  positionals: ['FILE'],
  async run(ctx, v, [file]) {
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('destination', profile)
    const bytes = await readImportFile(file!)
    const stop = new AbortController()
    const interrupt = () => stop.abort(new DeskError('cancelled', 'Interrupted; --resume continues the import.'))
    process.once('SIGINT', interrupt)
    try {
      return await ctx.withStore(profile, (store) =>
        ctx.withSession(profile, store, async (s) => {
          const imports = destinationImports(
            s,
            (p) => {
              const done = p.created + p.existing + p.failed
              if (done % 50 === 0 || p.finished) ctx.err(importProgressLine(p))
            },
            by,
          )
          let id: string
          if (v.resume) {
            const unfinished = unfinishedImportOf(store, bytes)
            if (!unfinished)
              throw new DeskError(
                'invalid_input',
                `No unfinished import of ${file} in this profile; run it without --resume.`,
              )
            id = imports.resume(unfinished.id).importId
          } else {
            const { check, importId } = await recordDestinationImport(s, imports, bytes, file!)
            if (importId === null) {
              // One mistake repeated on many lines is told once, with its lines, as the app's import panel tells it.
              for (const group of groupProblems(check.problems)) {
                const { where, problem } = groupWords(group)
                ctx.err(`error: ${where ?? ''}${shown(problem)}`)
              }
              ctx.err(
                `The file has ${check.problems.length} problem${check.problems.length === 1 ? '' : 's'}; ` +
                  `nothing was imported.`,
              )
              return 1
            }
            id = importId
          }
          const done = await imports.run(id, stop.signal)
          ctx.out(`${done.finished ? 'Finished' : 'Stopped'}: ${importProgressLine(done)}`)
          if (!done.finished)
            ctx.err(
              `The import is not finished; "payout-desk destinations import ${file} --profile … --resume" ` +
                `continues it.`,
            )
          for (const r of refusedImportRows(store, id)) ctx.err(`line ${r.line}: ${shown(r.error)}`)
          return done.finished && done.failed === 0 ? 0 : 1
        }),
      )
    } finally {
      process.off('SIGINT', interrupt)
    }
  },
}
