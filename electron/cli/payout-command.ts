import { acknowledge, warnAlterations } from './alterations-cli'
import { explain } from './payout-explain'
import { again } from './payout-again-command'
import { findPayouts, notePayout, receiptOf } from '../core/payouts/use-cases'
import { writeExportFile } from '../core/export-file'
import { jsonText, shown, shownLine } from '../../shared/text/visible-text'
import { PayoutHitViewSchema } from '../../shared/payouts/payout-search'
import { ReceiptSchema } from '../../shared/payouts/receipt'
import { cliRows } from './cli-rows'
import { commandGroup, type Action } from './command'
import { printTable } from './terminal-output'

const search: Action = {
  name: 'payout search',
  usage: 'payout search TEXT --profile N [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]',
  summary:
    "Finds payouts in the profile's store (the outbox and the payouts the app has read) whose payout id, " +
    'Idempotency-Key, destination name or address, reference, note, amount, asset, network, requester or ' +
    'status holds TEXT (plain text, any case; "" for all), newest first, requested between the days given ' +
    '(UTC, both included).',
  options: { profile: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean' } },
  required: ['profile'],
  positionals: ['TEXT'],
  async run(ctx, v, [text]) {
    const profile = await ctx.profile(v.profile as string)
    const query = {
      text: text!,
      ...(v.from ? { from: v.from as string } : {}),
      ...(v.to ? { to: v.to as string } : {}),
    }
    const found = await ctx.withStore(profile, (store) => {
      warnAlterations(ctx, store)
      return findPayouts(store, query)
    })
    const hits = cliRows(PayoutHitViewSchema.array(), found)
    if (v.json) {
      ctx.out(jsonText(hits))
      return 0
    }
    if (hits.length === 0) {
      ctx.out(`No payout of "${shown(profile.name)}" matches.`)
      return 0
    }
    printTable(
      ctx.out,
      [
        'REQUESTED',
        'STATUS',
        'AMOUNT',
        'NETWORK',
        'DESTINATION',
        'BY',
        'REFERENCE',
        'NOTE',
        'PAYOUT ID',
        'IDEMPOTENCY-KEY',
      ],
      hits.map((h) => [
        h.createdAt,
        h.status,
        `${h.amount} ${h.asset}`,
        h.network ?? '',
        h.destinationName ? shownLine`${h.destinationName} ${h.address}` : h.address,
        h.requester,
        h.reference ?? '',
        h.note ?? '',
        h.payoutId ?? '-',
        h.idempotencyKey ?? '-',
      ]),
    )
    return 0
  },
}

const note: Action = {
  name: 'payout note',
  usage: 'payout note ID TEXT --profile N',
  summary:
    `Sets the private note of a payout named by its payout id or Idempotency-Key ("" removes it). Kept ` +
    `in this profile's store only, never sent; at most 1000 characters, plain text.`,
  options: { profile: { type: 'string' } },
  required: ['profile'],
  positionals: ['ID', 'TEXT'],
  async run(ctx, v, [id, text]) {
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('note', profile)
    const hit = await ctx.withStore(profile, (store) => notePayout(store, id!, text!, by))
    ctx.out(hit.note === null ? `Removed the note of payout ${shown(id!)}.` : `Saved the note of payout ${shown(id!)}.`)
    return 0
  },
}

const receipt: Action = {
  name: 'payout receipt',
  usage: 'payout receipt ID --out FILE --profile N',
  summary:
    'Writes the receipt of a completed payout (named by payout id or Idempotency-Key) as a PDF: amount, ' +
    'network, destination, transaction hash with its explorer link and QR code, the times the desk knows and ' +
    "the audit row's hash. Refused for a payout that is not completed.",
  options: { profile: { type: 'string' }, out: { type: 'string' } },
  required: ['profile', 'out'],
  positionals: ['ID'],
  async run(ctx, v, [id]) {
    const profile = await ctx.profile(v.profile as string)
    const r = cliRows(
      ReceiptSchema,
      await ctx.withStore(profile, (store) => ctx.withSession(profile, store, (s) => receiptOf(s, id!))),
    )
    // PDFKit, the fonts and qrcode load for a receipt only.
    const { receiptPdf } = await import('./receipt-pdf')
    await writeExportFile(v.out as string, await receiptPdf(r))
    ctx.out(`Wrote the receipt of payout ${r.payoutId} to ${shown(v.out as string)}.`)
    return 0
  },
}

export const payoutCommand = commandGroup(
  'payout',
  'Find payouts, keep private notes on them, print the receipt of a completed one, and request an expired, ' +
    'rejected or failed one again.',
  [search, note, receipt, acknowledge, explain, again],
)
