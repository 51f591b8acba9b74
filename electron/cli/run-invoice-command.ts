import { readFile } from 'node:fs/promises'
import { DeskError } from '../core/errors'
import { setPeriodInvoice } from '../core/pay-runs/use-cases'
import { profileDir } from '../core/profiles'
import { shown } from '../../shared/text/visible-text'
import type { Action } from './command'
import { confirm } from './confirm'

/** `run invoice`: one period's invoice for one line, before or after the period is sent. */
export const runInvoice: Action = {
  name: 'run invoice',
  usage: 'run invoice NAME --profile P --period YYYY-MM-DD --line L --number N [--file PDF] [--yes]',
  summary:
    "Records the invoice one line pays in one period (L: the line's id, payee or line number), with its PDF " +
    "copied into the profile's folder; each period takes its own number. A number this payee had on another " +
    'payout is refused unless confirmed (audited).',
  options: {
    profile: { type: 'string' },
    period: { type: 'string' },
    line: { type: 'string' },
    number: { type: 'string' },
    file: { type: 'string' },
    yes: { type: 'boolean' },
  },
  required: ['profile', 'period', 'line', 'number'],
  positionals: ['NAME'],
  async run(ctx, v, [name]) {
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('run', profile)
    const pdf = v.file
      ? await readFile(v.file as string).catch(() => {
          throw new DeskError('invalid_input', `Cannot read ${v.file as string}.`)
        })
      : null
    const folder = profileDir(ctx.home, profile.id)
    const input = {
      name: name!,
      period: v.period as string,
      line: v.line as string,
      number: v.number as string,
      pdf,
      actor: by,
    }
    const invoice = await ctx.withSession(profile, async (session) => {
      try {
        return await setPeriodInvoice(session, folder, { ...input, confirmRepeat: v.yes === true })
      } catch (err) {
        if (!(err instanceof DeskError) || err.code !== 'confirmation_required' || !ctx.stdinIsTty) throw err
        if (!(await confirm(ctx, `${shown(err.message)} Record it anyway?`))) throw err
        return setPeriodInvoice(session, folder, { ...input, confirmRepeat: true })
      }
    })
    const pdfText = invoice.sha256 ? ` (PDF sha256 ${invoice.sha256})` : ''
    ctx.out(`Invoice ${shown(invoice.number)} recorded for ${input.period}${pdfText}.`)
    return 0
  },
}
