import { splitTags } from '../../shared/api/leg-notes'
import { LedgerFilterSchema, type LedgerRow } from '../../shared/api/ledger-query'
import { jsonText, shown } from '../../shared/text/visible-text'
import { noteLeg, profileLedger, searchLedger, type HistoryLedger, type LegRef } from '../core/history/use-cases'
import type { Profile } from '../core/profiles'
import type { CliContext } from './cli-context'
import { actionHelp, type Action, type Values } from './command'
import { printTable } from './terminal-output'
import { UsageError } from './usage-error'

function withLedger<T>(ctx: CliContext, profile: Profile, work: (ledger: HistoryLedger) => T): Promise<T> {
  return ctx.withStore(profile, (store) => work(profileLedger(store, profile)))
}

function legRef(action: Action, id: string, v: Values): LegRef {
  const direction = v.direction as string | undefined
  if (direction !== undefined && direction !== 'in' && direction !== 'out' && direction !== 'internal') {
    throw new UsageError('--direction must be in, out or internal.', actionHelp(action))
  }
  return { transactionId: id, direction }
}

const saved = (r: { transactionId: string; direction: string }) => `movement ${shown(r.transactionId)} (${r.direction})`

export const note: Action = {
  name: 'history note',
  usage: 'history note LEG_ID --text TEXT --profile N [--direction in|out]',
  summary:
    'Sets the private note of a movement\'s leg in the local ledger ("" removes it); --direction is needed ' +
    "only for a move between own wallets (an in and an out leg). Kept in this profile's store only, never " +
    'sent; at most 1000 characters of plain text. history list --text finds it, and the exports carry it.',
  options: { profile: { type: 'string' }, text: { type: 'string' }, direction: { type: 'string' } },
  required: ['profile'],
  positionals: ['LEG_ID'],
  async run(ctx, v, [id]) {
    if (typeof v.text !== 'string') throw new UsageError('--text is required ("" removes the note).', actionHelp(note))
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('note', profile)
    const ref = legRef(note, id!, v)
    const r = await withLedger(ctx, profile, (ledger) => noteLeg(ledger, ref, { note: v.text as string }, by))
    ctx.out(r.note === null ? `Removed the note of ${saved(r)}.` : `Saved the note of ${saved(r)}.`)
    return 0
  },
}

export const tag: Action = {
  name: 'history tag',
  usage: 'history tag LEG_ID (--add t1,t2 | --remove t1) --profile N [--direction in|out]',
  summary:
    "Adds tags to a movement's leg, or removes them (both may be given). A tag is up to 32 letters a-z, " +
    'digits, - or _ (kept in lower case); a leg holds at most 10. history list --tag finds the legs with a tag.',
  options: {
    profile: { type: 'string' },
    add: { type: 'string' },
    remove: { type: 'string' },
    direction: { type: 'string' },
  },
  required: ['profile'],
  positionals: ['LEG_ID'],
  async run(ctx, v, [id]) {
    if (v.add === undefined && v.remove === undefined) throw new UsageError('Give --add or --remove.', actionHelp(tag))
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('note', profile)
    const ref = legRef(tag, id!, v)
    const change = {
      add: splitTags((v.add as string | undefined) ?? ''),
      remove: splitTags((v.remove as string | undefined) ?? ''),
    }
    const r = await withLedger(ctx, profile, (ledger) => noteLeg(ledger, ref, change, by))
    ctx.out(`Tags of ${saved(r)}: ${r.tags.length ? r.tags.join(', ') : 'none'}.`)
    return 0
  },
}

const LIST_COLUMNS = ['RECORDED', 'DIRECTION', 'AMOUNT', 'STATUS', 'FROM', 'TO', 'TAGS', 'NOTE', 'ID']
const party = (p: LedgerRow['from']) => (p.name ? `${p.name} ${p.address}` : p.address)

export const list: Action = {
  name: 'history list',
  usage: 'history list --profile N [--text TEXT] [--tag TAG] [--wallet ID] [--asset A] [--limit N] [--json]',
  summary:
    'The newest movements of the local ledger, each leg with its tags and note: --text finds TEXT (plain text, ' +
    "any case) in an address, a party's name, a note or a tag, or at the start of a tx hash or transaction " +
    'id; --tag keeps the legs with that tag. At most --limit rows (default 50, at most 500).',
  options: {
    profile: { type: 'string' },
    text: { type: 'string' },
    tag: { type: 'string' },
    wallet: { type: 'string' },
    asset: { type: 'string' },
    limit: { type: 'string' },
    json: { type: 'boolean' },
  },
  required: ['profile'],
  async run(ctx, v) {
    const limit = v.limit === undefined ? 50 : Number(v.limit)
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      throw new UsageError('--limit must be a whole number from 1 to 500.', actionHelp(list))
    const parsed = LedgerFilterSchema.safeParse({ text: v.text, tag: v.tag, walletId: v.wallet, asset: v.asset })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new UsageError(`--${String(issue?.path[0] ?? 'text')}: ${issue?.message ?? 'invalid'}`, actionHelp(list))
    }
    const profile = await ctx.profile(v.profile as string)
    const rows = await withLedger(ctx, profile, (ledger) => searchLedger(ledger, parsed.data, limit))
    if (v.json) {
      ctx.out(jsonText(rows.map(({ own, ...row }) => ({ ...row, note: own.note, tags: own.tags }))))
      return 0
    }
    if (rows.length === 0) {
      ctx.out(`No movement of "${shown(profile.name)}" matches.`)
      return 0
    }
    const cells = rows.map((r) => [
      r.created_at,
      r.direction,
      `${r.amount} ${r.asset}`,
      r.status,
      party(r.from),
      party(r.to),
      r.own.tags.join(' '),
      r.own.note ?? '',
      r.id,
    ])
    printTable(ctx.out, LIST_COLUMNS, cells)
    return 0
  },
}
