import { DeskError } from '../core/errors'
import {
  balanceDifferences,
  csvChunks,
  ledgerKeyOf,
  ledgerSummary,
  profileLedger,
  reconciliationReport,
  reportCsvLines,
  reportHeader,
  syncedToMs,
  syncProfileHistory,
  tallyText,
  withAccountingLines,
  withLedgerCsvLines,
  writeCsvFile,
  type SyncProgress,
} from '../core/history/use-cases'
import { accountingOptions, pricesImport, refreshNames } from './history-accounting'
import { pricesWaiting } from './history-prices-waiting'
import type { ReconciliationReport } from '../../shared/api/ledger-report'
import { presetPeriod, REPORT_PRESETS, type ReportPreset } from '../../shared/api/report-presets'
import type { CliContext } from './cli-context'
import { actionHelp, commandGroup, type Action, type Values } from './command'
import { UsageError } from './usage-error'
import { walletsOf } from './profile-wallets'
import { dust } from './history-dust-command'
import { accountMap } from './history-map-command'
import { list, note, tag } from './history-notes-command'
import { shown, jsonText } from '../../shared/text/visible-text'

const PROGRESS_EVERY_MS = 1_000
const n = (x: number) => x.toLocaleString('en-US')

function progressLine(p: SyncProgress): string {
  const eta = p.etaSeconds === null ? '' : `, about ${Math.ceil(p.etaSeconds)} s left`
  const back = p.reachedBack ? `, back to ${p.reachedBack}` : ''
  const rechecked = p.rechecked ? `, ${n(p.rechecked)} re-read` : ''
  return (
    `history: ${n(p.pages)} pages, ${n(p.rows)} rows, ${Math.round(p.rowsPerSecond)} ` +
    `rows/s${eta}${back}${rechecked}`
  )
}

const PRESETS = REPORT_PRESETS.filter((p): p is Exclude<ReportPreset, 'custom'> => p !== 'custom')

/** --period names a preset; otherwise --from and --to are the custom period. */
function reportPeriod(
  v: Values,
  usage: string,
  syncedToMs: number | null,
): { from: string; to: string; walletId: string | undefined } {
  if (v.period === undefined) {
    if (v.from === undefined || v.to === undefined) throw new UsageError('Give --from and --to, or --period.', usage)
    return period(v, usage)
  }
  if (v.from !== undefined || v.to !== undefined)
    throw new UsageError('Give either --period or --from and --to, not both.', usage)
  const preset = PRESETS.find((x) => x === v.period)
  if (!preset) throw new UsageError(`--period must be one of ${PRESETS.join(', ')}.`, usage)
  return { ...presetPeriod(preset, Date.now(), syncedToMs), walletId: v.wallet as string | undefined }
}

function differenceLines(r: ReconciliationReport): string[] {
  if (!r.rollForward.compared) return []
  const rows = balanceDifferences(r)
  if (rows.length === 0) return ["history: every closing balance equals the provider's."]
  return rows.map((d) => {
    const where = `${d.walletId} ${d.asset} on ${d.network}`
    if (d.provider.state === 'not_read')
      return `history: ${where}: balance not read (${d.provider.message}; request ${d.provider.requestId ?? 'none'})`
    const provider = d.provider.state === 'read' ? d.provider.amount : ''
    const diff =
      d.provider.state === 'read' && d.provider.difference !== null
        ? `difference ${d.provider.difference}`
        : 'opening unknown'
    const pending = d.notFinal.length
      ? `; not final: ${d.notFinal.map((n) => `${n.id}/${n.direction} ${n.amount} ${n.status}`).join(', ')}`
      : ''
    return `history: ${where}: provider ${provider}, ledger ${d.closing ?? 'unknown'} (${diff})${pending}`
  })
}

function period(v: Values, usage: string): { from: string; to: string; walletId: string | undefined } {
  const check = (name: 'from' | 'to') => {
    const text = v[name] as string
    if (!Number.isFinite(Date.parse(text)))
      throw new UsageError(`--${name} must be an ISO 8601 time, for example 2026-11-01T00:00:00Z.`, usage)
    return new Date(Date.parse(text)).toISOString()
  }
  return { from: check('from'), to: check('to'), walletId: v.wallet as string | undefined }
}

/** CSV on stdout exactly as it would be in a file: each chunk ends with CRLF, and `out` adds the LF. */
function printCsv(ctx: CliContext, lines: Iterable<string>): void {
  for (const chunk of csvChunks(lines)) ctx.out(chunk.slice(0, -1))
}

const sync: Action = {
  name: 'history sync',
  usage: 'history sync --profile N',
  summary:
    "Brings the profile's history ledger up to date: the whole history the first time, then only what is new " +
    '(with an overlap window). Resumes an interrupted sync from its last page. Progress on stderr, a summary ' +
    'on stdout.',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    ledgerKeyOf(profile)
    const signer = await ctx.keys.vault.openSigner(profile)
    const stop = new AbortController()
    const interrupt = () =>
      stop.abort(new DeskError('cancelled', 'Interrupted; the next sync continues from the last page recorded.'))
    process.once('SIGINT', interrupt)
    try {
      return await ctx.withStore(profile, async (store) => {
        let lastLine = 0
        const result = await syncProfileHistory({
          profile,
          store,
          signer,
          actor: 'cli',
          signal: stop.signal,
          onWait: () => ctx.err('history: another process is syncing this profile; waiting for it to finish.'),
          onProgress: (p) => {
            if (p.phase !== 'done' && Date.now() - lastLine < PROGRESS_EVERY_MS) return
            lastLine = Date.now()
            ctx.err(progressLine(p))
          },
        })
        const s = ledgerSummary(profileLedger(store, profile))
        if (result.cleared)
          ctx.err(`history: the ledger held another environment's or key's movements; it was cleared and rebuilt.`)
        ctx.out(
          `Synced "${shown(profile.name)}" to ${s.syncedAt}: read ${n(result.rows)} rows in ${n(result.pages)} ` +
            `pages, re-read ${n(result.rechecked)} not final. ` +
            `The ledger holds ${n(s.rows)} movements; ${n(s.notFinal)} not final.`,
        )
        return 0
      })
    } finally {
      process.off('SIGINT', interrupt)
      signer.dispose()
    }
  },
}

/** Writes the lines to --out (saying so on stderr) or to stdout. */
async function writeOut(ctx: CliContext, out: unknown, lines: Iterable<string>): Promise<void> {
  if (typeof out === 'string') {
    await writeCsvFile(out, lines)
    ctx.err(`history: wrote ${out}`)
  } else {
    printCsv(ctx, lines)
  }
}

const exportCsv: Action = {
  name: 'history export',
  usage:
    'history export --profile N --from ISO --to ISO [--wallet ID] [--asset A] [--network ID] ' +
    '[--suspected-poisoning] [--format generic|xero|qbo3|qbo4|cryptio [--time-zone ZONE] [--fiat CODE]] [--out FILE]',
  summary:
    'Writes the movements recorded in (from, to] from the local ledger as CSV, to FILE or stdout: in the ' +
    "columns of the app's export, or with --format in an accounting tool's import format (completed " +
    'movements only, fees as their own lines where the format needs it; xero, qbo3 and qbo4 are one ' +
    'account in one currency, so they need --asset, and --wallet and --network where the asset moved in ' +
    'more than one wallet or network). Dates in --time-zone (default UTC; Cryptio always UTC); the ' +
    'fiat column from the imported price table (history prices import) for --fiat, otherwise blank. ' +
    "The ledger's columns end with suspected_poisoning (yes for incoming dust from a look-alike of " +
    'a known address), note and tags (history note, history tag); --suspected-poisoning writes ' +
    'only the flagged legs. An accounting format carries the note in its description. Refuses ' +
    'a period the ledger has not synced, naming what is missing.',
  options: {
    profile: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    wallet: { type: 'string' },
    asset: { type: 'string' },
    network: { type: 'string' },
    'suspected-poisoning': { type: 'boolean' },
    format: { type: 'string' },
    'time-zone': { type: 'string' },
    fiat: { type: 'string' },
    out: { type: 'string' },
  },
  required: ['profile', 'from', 'to'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const usage = actionHelp(exportCsv)
    const p = period(v, usage)
    const accounting = accountingOptions(v, usage)
    const filter = {
      from: p.from,
      to: p.to,
      walletId: p.walletId,
      asset: v.asset as string | undefined,
      network: v.network as string | undefined,
      suspectedPoisoning: v['suspected-poisoning'] === true ? (true as const) : undefined,
    }
    return ctx.withStore(profile, async (store) => {
      profileLedger(store, profile)
      if (accounting) {
        await refreshNames(ctx, profile, store)
        // The app's export panel writes a preset through the same function.
        return withAccountingLines(store, { filter, options: accounting }, async (lines, tally) => {
          await writeOut(ctx, v.out, lines)
          ctx.err(`history: ${tallyText(tally)}.`)
          return 0
        })
      }
      return withLedgerCsvLines(store, filter, async (lines) => {
        await writeOut(ctx, v.out, lines)
        return 0
      })
    })
  },
}

const report: Action = {
  name: 'history report',
  usage: `history report --profile N (--from ISO --to ISO | --period ${PRESETS.join('|')}) [--wallet ID] [--json]`,
  summary:
    'Reconciliation report for (from, to] from the local ledger: per wallet, asset and network the ' +
    'roll-forward (opening + incoming − outgoing − fees = closing; opening "unknown" until the ledger ' +
    'reaches the first movement), counts and sums, movements not final, and back-to-back ranges with row ' +
    'counts. A period ending at the last sync (the presets up to today) compares each closing with the ' +
    "provider's balance, read fresh; differences are listed on stderr with the movements not final " +
    'that may explain them. CSV with a header block, or --json.',
  options: {
    profile: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    period: { type: 'string' },
    wallet: { type: 'string' },
    json: { type: 'boolean' },
  },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const usage = actionHelp(report)
    return ctx.withStore(profile, async (store) => {
      const p = reportPeriod(v, usage, syncedToMs(profileLedger(store, profile)))
      const result = await reconciliationReport(
        store,
        { from: p.from, to: p.to, walletIds: p.walletId ? [p.walletId] : undefined },
        walletsOf(ctx, profile, store),
      )
      for (const line of differenceLines(result)) ctx.err(line)
      const header = reportHeader(profile)
      if (v.json) ctx.out(jsonText({ ...header, ...result }))
      else printCsv(ctx, reportCsvLines(result, header))
      return 0
    })
  },
}

export const historyCommand = commandGroup(
  'history',
  "The profile's local history ledger: sync it from the provider, list and search it, keep private notes and " +
    "tags on movements, export movements as CSV (the ledger's columns or an accounting tool's), import a price " +
    'table, reconcile a period, or set what counts as dust.',
  [sync, list, note, tag, exportCsv, report, pricesImport, pricesWaiting, dust, accountMap],
)
