import { readFile } from 'node:fs/promises'
import { DeskError } from '../core/errors'
import { attachInvoice } from '../core/pay-runs/use-cases'
import { profileDir } from '../core/profiles'
import { shown } from '../../shared/text/visible-text'
import { commandGroup, type Action } from './command'
import { confirm } from './confirm'

const attach: Action = {
  name: 'invoice attach',
  usage: 'invoice attach PAYOUT_OR_KEY --profile P --file inv.pdf --number N [--amount A] [--due YYYY-MM-DD] [--yes]',
  summary:
    "Attaches an invoice to a payout: the PDF is copied into the profile's folder and its SHA-256 recorded. " +
    'The same number for the same payee is refused unless confirmed (audited).',
  options: {
    profile: { type: 'string' },
    file: { type: 'string' },
    number: { type: 'string' },
    amount: { type: 'string' },
    due: { type: 'string' },
    yes: { type: 'boolean' },
  },
  required: ['profile', 'file', 'number'],
  positionals: ['PAYOUT_OR_KEY'],
  async run(ctx, v, [payout]) {
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('note', profile)
    const pdf = await readFile(v.file as string).catch(() => {
      throw new DeskError('invalid_input', `Cannot read ${v.file as string}.`)
    })
    const folder = profileDir(ctx.home, profile.id)
    const input = {
      payout: payout!,
      pdf,
      number: v.number as string,
      amount: v.amount as string | undefined,
      due: v.due as string | undefined,
      actor: by,
    }
    const result = await ctx.withStore(profile, async (store) => {
      try {
        return await attachInvoice(store, folder, { ...input, confirmRepeat: v.yes === true })
      } catch (err) {
        // A repeated number is asked on a terminal; a script says --yes, and either way the confirmation is audited.
        if (!(err instanceof DeskError) || err.code !== 'confirmation_required' || !ctx.stdinIsTty) throw err
        if (!(await confirm(ctx, `${shown(err.message)} Attach it anyway?`))) throw err
        return attachInvoice(store, folder, { ...input, confirmRepeat: true })
      }
    })
    ctx.out(`Invoice ${shown(result.invoice.number)} attached (sha256 ${result.invoice.sha256}).`)
    if (result.amountDiffers)
      ctx.out(`Note: the invoice says ${result.amountDiffers.invoice}; the payout pays ${result.amountDiffers.payout}.`)
    return 0
  },
}

export const invoiceCommand = commandGroup(
  'invoice',
  'Invoices on payouts: the PDF kept with its SHA-256, each number paid once per payee.',
  [attach],
)
