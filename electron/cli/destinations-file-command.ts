import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { MAX_IMPORT_BYTES } from '../core/destinations/book-columns'
import { bookCsv, exportBook } from '../core/destinations/book-export'
import { DestinationImports, type ImportProgress } from '../core/destinations/book-import'
import { checkImportFile } from '../core/destinations/book-import-check'
import { DeskError } from '../core/errors'
import { destinationImportRepo } from '../core/store'
import { shown } from '../../shared/text/visible-text'
import type { Action } from './command'

export const exportBookAction: Action = {
  name: 'destinations export',
  usage: 'destinations export --profile N [--out FILE]',
  summary: 'Writes the whole destination book, as the provider lists it now, as CSV (every field, status, can_send, verified_at) to FILE or stdout.',
  options: { profile: { type: 'string' }, out: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const out = v.out as string | undefined
    return ctx.withStore(profile, (store) =>
      ctx.withSession(profile, store, async (s) => {
        if (out === undefined) {
          // CRLF between lines as in a file (the formatter keeps them); `out` ends the last line.
          ctx.out(bookCsv(await s.client.listCounterparties()).slice(0, -2))
          return 0
        }
        const { rows } = await exportBook(s.client, out, new AbortController().signal)
        ctx.err(`destinations: wrote ${rows} destination${rows === 1 ? '' : 's'} to ${out}`)
        return 0
      }),
    )
  },
}

function progressLine(p: ImportProgress): string {
  const done = p.created + p.existing + p.failed
  return `${done}/${p.total}: created ${p.created}, already existed ${p.existing}, refused ${p.failed}${p.intent === 'paused' ? ' (paused)' : ''}`
}

/** The file's bytes; over 10 MB is refused before reading, naming the limit. */
async function readImportFile(file: string): Promise<Buffer> {
  const info = await stat(file).catch(() => {
    throw new DeskError('invalid_input', `Cannot read ${file}: no such file.`)
  })
  if (!info.isFile()) throw new DeskError('invalid_input', `${file} is not a file.`)
  if (info.size > MAX_IMPORT_BYTES) throw new DeskError('invalid_input', `${file} is ${(info.size / 1024 / 1024).toFixed(1)} MB; a destination file is at most 10 MB. Split it into several files.`)
  return readFile(file)
}

export const importBookAction: Action = {
  name: 'destinations import',
  usage: 'destinations import FILE --profile N [--resume]',
  summary:
    'Checks the whole file first (the columns of "destinations export"; address per network, identity fields, limits, duplicates, look-alikes) and imports nothing if any line has a problem, naming each. ' +
    'Then registers each new destination as pending, through the pacer; an address already in the book is answered as existing, never edited. Ctrl-C stops after the row in flight; --resume continues the same file exactly once.',
  options: { profile: { type: 'string' }, resume: { type: 'boolean' } },
  required: ['profile'],
  positionals: ['FILE'],
  async run(ctx, v, [file]) {
    const profile = await ctx.profile(v.profile as string)
    const bytes = await readImportFile(file!)
    const hash = createHash('sha256').update(bytes).digest('hex')
    const stop = new AbortController()
    const interrupt = () => stop.abort(new DeskError('cancelled', 'Interrupted; --resume continues the import.'))
    process.once('SIGINT', interrupt)
    try {
      return await ctx.withStore(profile, (store) =>
        ctx.withSession(profile, store, async (s) => {
          const imports = new DestinationImports(store, s.client, (p) => {
            const done = p.created + p.existing + p.failed
            if (done % 50 === 0 || p.finished) ctx.err(progressLine(p))
          })
          const unfinished = store.read('read the destination imports', () => store.repo(destinationImportRepo).unfinishedOf(hash))
          let id: string
          if (v.resume) {
            if (!unfinished) throw new DeskError('invalid_input', `No unfinished import of ${file} in this profile; run it without --resume.`)
            id = imports.resume(unfinished.id).importId
          } else {
            if (unfinished) throw new DeskError('invalid_input', `An import of this file stopped at ${progressLine(imports.progress(unfinished.id))}; add --resume to continue it.`)
            const check = await checkImportFile(store, s.client, bytes)
            if (check.problems.length > 0) {
              for (const p of check.problems) ctx.err(`error: ${shown(p.message)}`)
              ctx.err(`The file has ${check.problems.length} problem${check.problems.length === 1 ? '' : 's'}; nothing was imported.`)
              return 1
            }
            id = imports.record(check, file!, hash).id
          }
          const done = await imports.run(id, stop.signal)
          ctx.out(`${done.finished ? 'Finished' : 'Stopped'}: ${progressLine(done)}`)
          if (!done.finished) ctx.err(`The import is not finished; "payout-desk destinations import ${file} --profile … --resume" continues it.`)
          for (const r of store.read('read the refused rows', () => store.repo(destinationImportRepo).rows(id, ['failed']))) ctx.err(`line ${r.line}: ${shown(r.error ?? 'refused')}`)
          return done.finished && done.failed === 0 ? 0 : 1
        }),
      )
    } finally {
      process.off('SIGINT', interrupt)
    }
  },
}
