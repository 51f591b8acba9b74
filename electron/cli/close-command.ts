import type { ClosePrep } from '../../shared/api/close'
import { FiatSchema, TimeZoneSchema } from '../../shared/api/accounting-export'
import { jsonText, shown } from '../../shared/text/visible-text'
import {
  listCloses,
  lockClose,
  lockedPackFiles,
  periodLegsOf,
  prepareClose,
  reopenClose,
  writePackFolder,
  type CloseOptions,
  type PeriodLegsReader,
} from '../core/close/use-cases'
import { profileLedger, withProfileClient } from '../core/history/use-cases'
import type { Profile } from '../core/profiles'
import type { DeskStore } from '../core/store'
import type { CliContext } from './cli-context'
import { actionHelp, commandGroup, type Action, type Values } from './command'
import { printTable } from './terminal-output'
import { UsageError } from './usage-error'
import { walletsOf } from './profile-wallets'

/** The provider's movements of a range, read through the profile's signed client, for those recorded late. */
const legsOf =
  (ctx: CliContext, profile: Profile, store: DeskStore): PeriodLegsReader =>
  async (range) => {
    const signer = await ctx.keys.vault.openSigner(profile)
    try {
      return await withProfileClient(profile, store, signer, 'cli', (client) => periodLegsOf(client)(range))
    } finally {
      signer.dispose()
    }
  }

const PERIOD_OPTIONS = {
  profile: { type: 'string' },
  period: { type: 'string' },
  'time-zone': { type: 'string' },
  fiat: { type: 'string' },
} as const

function closeOptions(action: Action, v: Values, ctx: CliContext, profile: Profile, store: DeskStore): CloseOptions {
  const zone = v['time-zone'] === undefined ? undefined : TimeZoneSchema.safeParse(v['time-zone'])
  if (zone && !zone.success)
    throw new UsageError('--time-zone must be an IANA time zone such as UTC.', actionHelp(action))
  const fiat = v.fiat === undefined ? undefined : FiatSchema.safeParse(v.fiat)
  if (fiat && !fiat.success) throw new UsageError('--fiat must be a three-letter code such as USD.', actionHelp(action))
  // Binds the ledger to the profile's provider and key (a ledger left by another is cleared first).
  const ledger = profileLedger(store, profile)
  return {
    period: v.period as string,
    timeZone: zone?.data,
    fiat: fiat?.data,
    wallets: walletsOf(ctx, profile, store),
    profile: profile.name,
    late: { ledger, read: legsOf(ctx, profile, store) },
  }
}

function printPrep(ctx: CliContext, prep: ClosePrep): void {
  ctx.out(`Period ${prep.period} (${prep.timeZone}): ${prep.from} to the cutoff ${prep.cutoff}.`)
  if (prep.clear) ctx.out('Nothing stands in the way: the period can be locked.')
  for (const b of prep.blockers) {
    ctx.out(`- ${b.kind}: ${shown(b.message)}`)
    for (const item of b.items) ctx.out(`    ${shown(item)}`)
    ctx.out(`  fix: ${shown(b.fix)}`)
  }
  if (prep.adjustments.length)
    ctx.out(`${prep.adjustments.length} movements of locked periods are this period's adjustments:`)
  for (const a of prep.adjustments) ctx.out(`    ${shown(a)}`)
}

const prepare: Action = {
  name: 'close prepare',
  usage: 'close prepare --profile P --period YYYY-MM [--time-zone Z] [--fiat USD] [--json]',
  summary:
    'Says what stands between a month and its close, each with where to fix it: movements not synced to the ' +
    'cutoff, not final, with no fiat price on their day, legs with no account mapping, closing balances that ' +
    "differ from the provider's at the cutoff (read now; for a past month, today's balance less the ledger's " +
    'movements after the cutoff). Movements the provider recorded late into the month or the last locked one ' +
    '(backdated) are read into the ledger first. Exit 0 when nothing does.',
  options: { ...PERIOD_OPTIONS, json: { type: 'boolean' } },
  required: ['profile', 'period'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    return ctx.withStore(profile, async (store) => {
      const prep = await prepareClose(store, closeOptions(prepare, v, ctx, profile, store))
      if (v.json) ctx.out(jsonText(prep))
      else printPrep(ctx, prep)
      return prep.clear ? 0 : 1
    })
  },
}

const lock: Action = {
  name: 'close lock',
  usage:
    'close lock --profile P --period YYYY-MM --out DIR [--accept-differences --note TEXT] [--cost-basis] ' +
    '[--time-zone Z] [--fiat USD]',
  summary:
    'Locks a month (audited) and writes its pack to DIR: movements (Cryptio, ledger CSV), journals with the mapped ' +
    "accounts (generic, Xero's manual journal and QuickBooks Online's journal entry imports), roll-forward and " +
    'holdings at the cutoff, ' +
    'adjustments to locked months, and manifest.json. Refused while "close prepare" finds something, unless ' +
    '--accept-differences --note TEXT signs it off.',
  options: {
    ...PERIOD_OPTIONS,
    out: { type: 'string' },
    'accept-differences': { type: 'boolean' },
    note: { type: 'string' },
    'cost-basis': { type: 'boolean' },
  },
  required: ['profile', 'period', 'out'],
  async run(ctx, v) {
    const accept = v['accept-differences'] === true
    const note = typeof v.note === 'string' ? v.note.trim() : ''
    if (accept !== (note !== ''))
      throw new UsageError('--accept-differences and --note TEXT go together.', actionHelp(lock))
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('close', profile)
    return ctx.withStore(profile, async (store) => {
      const pack = await lockClose(store, {
        ...closeOptions(lock, v, ctx, profile, store),
        by,
        costBasis: v['cost-basis'] === true,
        acceptDifferences: accept ? { note } : undefined,
      })
      await writePackFolder(v.out as string, pack.files)
      ctx.out(`Locked ${pack.manifest.period} (cutoff ${pack.manifest.cutoff}) as ${shown(by)}.`)
      if (pack.replaces) ctx.out(`This pack replaces the one with manifest SHA-256 ${pack.replaces}.`)
      if (pack.accepted.length) ctx.out(`Signed off: ${pack.accepted.map((b) => b.kind).join(', ')}.`)
      ctx.out(`Wrote ${pack.files.length} files to ${shown(v.out as string)}.`)
      return 0
    })
  },
}

const exportPack: Action = {
  name: 'close export',
  usage: 'close export --profile P --period YYYY-MM --out DIR',
  summary: 'Writes the locked pack of a month again: the same bytes as when it was locked, whatever changed since.',
  options: { profile: { type: 'string' }, period: { type: 'string' }, out: { type: 'string' } },
  required: ['profile', 'period', 'out'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const files = await ctx.withStore(profile, (store) => lockedPackFiles(store, v.period as string))
    await writePackFolder(v.out as string, files)
    ctx.out(`Wrote the locked pack of ${v.period as string} (${files.length} files) to ${shown(v.out as string)}.`)
    return 0
  },
}

const reopen: Action = {
  name: 'close reopen',
  usage: 'close reopen --profile P --period YYYY-MM --reason TEXT',
  summary: 'Reopens a locked month (audited, with the reason); says which pack the next lock replaces.',
  options: { profile: { type: 'string' }, period: { type: 'string' }, reason: { type: 'string' } },
  required: ['profile', 'period', 'reason'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('close', profile)
    const r = await ctx.withStore(profile, (store) => reopenClose(store, v.period as string, v.reason as string, by))
    ctx.out(
      `Reopened ${r.period}. It replaces the pack closed by ${shown(r.replaces.closedBy)} at ` +
        `${r.replaces.closedAt} (manifest SHA-256 ${r.replaces.manifestSha256}); the next lock writes its successor.`,
    )
    return 0
  },
}

const list: Action = {
  name: 'close list',
  usage: 'close list [--profile P] [--json]',
  summary: "Every month locked or reopened, newest first: who closed it and when, and the manifest's SHA-256.",
  options: { profile: { type: 'string' }, json: { type: 'boolean' } },
  async run(ctx, v) {
    const profiles = typeof v.profile === 'string' ? [await ctx.profile(v.profile)] : await ctx.keys.profiles.list()
    const rows = []
    for (const profile of profiles)
      for (const r of await ctx.withStore(profile, (store) => listCloses(store)))
        rows.push({ profile: profile.name, ...r })
    if (v.json) ctx.out(jsonText(rows))
    else if (rows.length === 0) ctx.out('No month is closed yet.')
    else
      printTable(
        ctx.out,
        ['profile', 'period', 'state', 'closed by', 'closed at', 'manifest sha256', 'reopened'],
        rows.map((r) => [
          r.profile,
          r.period,
          r.state,
          r.closedBy,
          r.closedAt,
          r.manifestSha256,
          r.reopenedAt ? `${r.reopenedAt} by ${r.reopenedBy}: ${r.reason}` : '',
        ]),
      )
    return 0
  },
}

export const closeCommand = commandGroup(
  'close',
  'Month-end close: what stands in the way of closing a month, the locked pack for the accounting tools (the same ' +
    'bytes every time it is exported), and reopening a month.',
  [prepare, lock, exportPack, reopen, list],
)
