import { warnStaleScreening } from './alterations-cli'
import { printProblems, printReview, progressLine } from './batch-printing'
import { printDestinations, printFirstPayouts } from './batch-destinations'
import { list } from './batch-list-command'
import { status } from './batch-status-command'
import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import {
  cancelBatch,
  checkBatch,
  hasErrors,
  pauseBatch,
  recordBatch,
  refuseOversizeBatch,
  refusedBy,
  sendBatch,
} from '../core/batch/use-cases'
import { DeskError } from '../core/errors'
import type { Profile } from '../core/profiles'
import type { ProfileSession } from '../core/session/session'
import type { CliContext } from './cli-context'
import { commandGroup, type Action } from './command'
import { confirm } from './confirm'
import { readDecimal } from '../../shared/format/decimal'
import { retypedProblem } from '../../shared/payouts/retyped-total'
import { shown, jsonText } from '../../shared/text/visible-text'
import { batchPack } from './approval-pack-command'

/** The file's bytes, or stdin for `-` (rows pasted from a spreadsheet). Over 5 MB is refused before reading. */
async function readInput(ctx: CliContext, file: string): Promise<Uint8Array | string> {
  if (file === '-') return ctx.readStdin()
  const info = await stat(file).catch(() => {
    throw new DeskError('invalid_input', `Cannot read ${file}: no such file.`)
  })
  if (!info.isFile()) throw new DeskError('invalid_input', `${file} is not a file.`)
  refuseOversizeBatch(info.size, file)
  return readFile(file)
}

/** Runs the batch printing progress every 50 rows and at the end; exit 0 only when every row was accepted. */
async function send(ctx: CliContext, session: ProfileSession, batchId: string, resume: boolean): Promise<number> {
  warnStaleScreening(ctx, session.store)
  let printed = -1
  const done = await sendBatch(session, batchId, resume, {
    onClaimWait: (lapse) =>
      ctx.err(
        `Another Payout Desk process claimed this batch; waiting until ${lapse.toISOString()} ` +
          `(${Math.max(1, Math.ceil((lapse.getTime() - Date.now()) / 1000))} s) in case it was killed: then ` +
          `its claim lapses and this one continues.`,
      ),
    onProgress: (p) => {
      if (p.sent === printed || (p.sent % 50 !== 0 && p.sent !== p.total)) return
      printed = p.sent
      ctx.out(progressLine(p))
    },
  })
  ctx.out(`${done.finished ? 'Finished' : 'Stopped'}: ${progressLine(done)}`)
  const by = done.refused > 0 ? refusedBy(session.payouts.outbox, batchId) : { gate: 0, provider: 0 }
  const rows = (n: number) => `${n} row${n === 1 ? ' was' : 's were'}`
  const listed = `"payout-desk batch status ${batchId} --profile … --state refused" lists them with the reason.`
  if (by.gate > 0) ctx.err(`${rows(by.gate)} stopped by this desk's send gate and not sent: ${listed}`)
  if (by.provider > 0) ctx.err(`${rows(by.provider)} refused by the provider: ${listed}`)
  if (!done.finished)
    ctx.err(
      `The batch is not finished; "payout-desk batch resume ${batchId} --profile …" continues it under the same keys.`,
    )
  return done.finished && done.refused === 0 && done.unknown === 0 ? 0 : 1
}

const check: Action = {
  name: 'batch check',
  usage: 'batch check FILE --profile N [--wallet W] [--json]',
  summary:
    'Checks a batch CSV file (or "-" for rows pasted on stdin) against the workspace\'s wallets and ' +
    "destinations, with the single payout's rules; sends nothing. Exit 0 when clean, 1 with every problem " +
    'listed by line.',
  options: { profile: { type: 'string' }, wallet: { type: 'string' }, json: { type: 'boolean' } },
  required: ['profile'],
  positionals: ['FILE'],
  async run(ctx, v, [file]) {
    const profile = await ctx.profile(v.profile as string)
    const input = await readInput(ctx, file!)
    const result = await ctx.withSession(profile, (s) => checkBatch(s, input, v.wallet as string | undefined))
    const first = result.firstPayouts
    const clean = !hasErrors(result)
    if (v.json) {
      ctx.out(
        jsonText({
          clean,
          rows: result.rows.length,
          grandTotal: result.grandTotal,
          totals: result.totals,
          problems: result.problems,
          firstPayouts: first,
        }),
      )
      return clean ? 0 : 1
    }
    if (clean) {
      printReview(ctx, result)
      await printDestinations(ctx, result)
      await printFirstPayouts(ctx, first)
    }
    printProblems(ctx, result)
    if (!clean)
      ctx.err(
        `${result.problems.filter((p) => p.severity === 'error').length} problem(s); nothing can be sent from ` +
          `this file until they are fixed.`,
      )
    return clean ? 0 : 1
  },
}

const submit: Action = {
  name: 'batch submit',
  usage: 'batch submit FILE --profile N [--wallet W] [--yes]',
  summary:
    'Checks the file, records every row in the outbox with its own Idempotency-Key (one transaction), prints ' +
    'the batch id, then sends the rows in file order through the shared pacer. Duplicate rows, destinations ' +
    "never paid before and a production profile's grand total are confirmed on the terminal unless --yes.",
  options: { profile: { type: 'string' }, wallet: { type: 'string' }, yes: { type: 'boolean' } },
  required: ['profile'],
  positionals: ['FILE'],
  async run(ctx, v, [file]) {
    const profile = await ctx.profile(v.profile as string)
    // The person first: their passphrase is stdin's first line, before a file piped there.
    const { by } = await ctx.acting('batch', profile)
    const input = await readInput(ctx, file!)
    return ctx.withSession(profile, async (session) => {
      const result = await checkBatch(session, input, v.wallet as string | undefined)
      if (hasErrors(result)) {
        printProblems(ctx, result)
        ctx.err('Nothing was recorded or sent: fix the file and submit it again.')
        return 1
      }
      printReview(ctx, result)
      await printDestinations(ctx, result)
      const first = result.firstPayouts
      await printFirstPayouts(ctx, first)
      printProblems(ctx, result)
      const duplicates = result.problems.some((p) => p.severity === 'confirm')
      const yes = v.yes === true
      if (duplicates && !yes && !(ctx.stdinIsTty && (await confirm(ctx, 'Pay the repeated rows as well?')))) {
        ctx.err('Nothing was recorded: the file repeats rows. Confirm them on a terminal or pass --yes.')
        return 1
      }
      if (
        first.length > 0 &&
        !yes &&
        !(await confirm(
          ctx,
          `Pay ${first.length === 1 ? 'a destination' : `${first.length} destinations`} never paid before? ` +
            `Check each address with its recipient first.`,
        ))
      ) {
        ctx.err('Nothing was recorded: destinations never paid before were not confirmed.')
        return 1
      }
      const retyped = await retypeTotal(ctx, profile, yes, result.grandTotal)
      const batch = await recordBatch(session, result, {
        source: file === '-' ? 'pasted rows' : basename(file!),
        requestedBy: by,
        confirmDuplicates: duplicates,
        // Confirmed on the terminal above, or by --yes.
        confirmFirstPayouts: true,
        retypedTotal: retyped,
        production: profile.environment === 'production',
      })
      ctx.out(`Batch ${batch.id}: ${batch.rowCount} rows recorded, sending.`)
      return send(ctx, session, batch.id, false)
    })
  },
}

/**
 * A production batch is confirmed by typing its grand total (as the locale groups it, or plain); --yes is the
 * scripted confirmation. Returns the plain decimal typed; null outside production.
 */
export async function retypeTotal(
  ctx: CliContext,
  profile: Profile,
  yes: boolean,
  total: string,
): Promise<string | null> {
  if (profile.environment !== 'production') return null
  if (yes) return total
  ctx.err(`PRODUCTION profile "${shown(profile.name)}": type the grand total of this batch to send it: `)
  const typed = await ctx.readLine()
  const problem = retypedProblem(typed, total)
  if (problem)
    throw new DeskError(
      'confirmation_required',
      `The grand total ${problem[0]!.toLowerCase()}${problem.slice(1)} Nothing was recorded.`,
    )
  return readDecimal(typed)
}

const resume: Action = {
  name: 'batch resume',
  usage: 'batch resume ID --profile N',
  summary:
    'Continues a batch where it stopped (after a crash, a kill, a pause): rows whose outcome is unknown are ' +
    'looked up by their Idempotency-Key first, then the rest is sent under the keys recorded at submit.',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  positionals: ['ID'],
  async run(ctx, v, [id]) {
    const profile = await ctx.profile(v.profile as string)
    await ctx.acting('batch', profile)
    return ctx.withSession(profile, (session) => send(ctx, session, id!, true))
  },
}

const pause: Action = {
  name: 'batch pause',
  usage: 'batch pause ID --profile N',
  summary: 'Stops sending a batch after the row in flight, in whichever process sends it; "batch resume" continues it.',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  positionals: ['ID'],
  async run(ctx, v, [id]) {
    const profile = await ctx.profile(v.profile as string)
    await ctx.acting('batch', profile)
    const p = await ctx.withSession(profile, async (session) => pauseBatch(session, id!))
    ctx.out(`Paused: ${progressLine(p)}`)
    return 0
  },
}

const cancel: Action = {
  name: 'batch cancel',
  usage: 'batch cancel ID --profile N',
  summary:
    'Discards the rows of a batch not yet sent; rows already sent keep their outcome (cancel a payout that ' +
    'waits for approval on its own).',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  positionals: ['ID'],
  async run(ctx, v, [id]) {
    const profile = await ctx.profile(v.profile as string)
    await ctx.acting('batch', profile)
    const p = await ctx.withSession(profile, (session) => cancelBatch(session, id!))
    ctx.out(`Cancelled: ${progressLine(p)}`)
    return 0
  },
}

export const batchCommand = commandGroup(
  'batch',
  'Batch payouts from a CSV file: check it, submit it, follow it, resume it, pack it for the approver.',
  [check, submit, status, list, resume, pause, cancel, batchPack],
)
