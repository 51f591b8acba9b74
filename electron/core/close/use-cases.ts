import { createHash } from 'node:crypto'
import type { AccountMapRow, ClosePrep, CloseListRow, Manifest } from '../../../shared/api/close'
import { decisionEntry } from '../audit/use-cases'
import { DeskError } from '../errors'
import type { DeskStore } from '../store'
import { closeRepo, periodLocked } from '../store/close/close-repo'
import type { HistoryLedger, WalletAccess } from '../history/use-cases'
import { accountMapLines, parseAccountMap } from './account-map'
import { buildPack, priceTableSha256, withCloseState, type CloseAsk } from './close-run'
import { readLateMovements, type PeriodLegsReader } from './late-movements'
import { closePeriod } from './period'

export { closePeriod } from './period'
export { writePackFolder } from './pack-folder'
export { periodLegsOf, type PeriodLegsReader } from './late-movements'

export interface CloseOptions {
  period: string
  timeZone?: string
  fiat?: string
  wallets: WalletAccess
  profile: string
  /** The profile's ledger and the provider's movements, to read what was recorded late into the close's range. */
  late?: { ledger: HistoryLedger; read: PeriodLegsReader }
}

/** The profile's months are in UTC until a close names a zone; then in the zone of its last locked month. */
const askOf = (store: DeskStore, o: CloseOptions): CloseAsk => ({
  p: closePeriod(o.period, o.timeZone ?? store.read('read the close', () => store.repo(closeRepo).lastZone()) ?? 'UTC'),
  fiat: o.fiat ?? 'USD',
  wallets: o.wallets,
  profile: o.profile,
})

/** Movements recorded late into the close's range are read into the ledger first, so the close sees them. */
async function catchUp(ask: CloseAsk, options: CloseOptions): Promise<void> {
  if (options.late) await readLateMovements(options.late.ledger, ask.p, options.late.read)
}

/**
 * What stands between a period and its close (the provider's balances and its movements of the period read now);
 * clear when nothing does.
 */
export async function prepareClose(store: DeskStore, options: CloseOptions): Promise<ClosePrep> {
  const ask = askOf(store, options)
  await catchUp(ask, options)
  return withCloseState(store, ask, ({ view, blockers }) => ({
    period: ask.p.period,
    timeZone: ask.p.timeZone,
    from: ask.p.from,
    cutoff: ask.p.cutoff,
    clear: blockers.length === 0,
    blockers,
    adjustments: view.adjustments.map((a) => `${a.id} (${a.direction}, ${a.status}, ${a.lockedPeriod})`),
  }))
}

export interface LockOptions extends CloseOptions {
  by: string
  costBasis?: boolean
  /** Signs off what `prepareClose` found, with the person's note why. */
  acceptDifferences?: { note: string }
}

/** A locked pack: its files as written (the manifest last) and the pack it replaces, if the period was reopened. */
export interface LockedPack {
  manifest: Manifest
  files: Array<{ name: string; bytes: Uint8Array }>
  replaces: string | null
  accepted: ClosePrep['blockers']
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * Locks a period (a person's act, audited): refused while something stands in the way unless signed off with a note;
 * the pack's bytes are kept with the lock, so every later export of it is the same bytes.
 */
export async function lockClose(store: DeskStore, options: LockOptions, now = new Date()): Promise<LockedPack> {
  const ask = askOf(store, options)
  await catchUp(ask, options)
  return withCloseState(store, ask, (state) => {
    if (state.locked) throw periodLocked(`Period ${ask.p.period} was not locked again`, state.locked)
    if (state.blockers.length > 0 && !options.acceptDifferences)
      throw new DeskError(
        'validation_failed',
        `Period ${ask.p.period} was not locked: ${state.blockers.map((b) => b.message).join(' ')} ` +
          'See "close prepare", or sign it off with --accept-differences --note TEXT.',
      )
    const closedAt = now.toISOString()
    const written = buildPack(store, state, options.costBasis ?? false).map((f) => ({
      name: f.name,
      bytes: new TextEncoder().encode(f.text),
      rows: f.rows,
    }))
    const manifest: Manifest = {
      period: ask.p.period,
      cutoff: ask.p.cutoff,
      closed_by: options.by,
      closed_at: closedAt,
      price_table_sha256: priceTableSha256(state.source, closedAt),
      files: written.map((f) => ({ name: f.name, sha256: sha256(f.bytes), rows: f.rows })),
    }
    const manifestBytes = new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`)
    const files = [
      ...written.map(({ name, bytes }) => ({ name, bytes })),
      { name: 'manifest.json', bytes: manifestBytes },
    ]
    const manifestSha256 = sha256(manifestBytes)
    const replaces = store.transaction('lock the period', () => {
      const close = store.repo(closeRepo)
      const again = close.lockedPeriod(ask.p.period)
      if (again) throw periodLocked(`Period ${ask.p.period} was not locked again`, again)
      const before = close.list().find((r) => r.period === ask.p.period && r.state === 'reopened')
      close.insertPack({
        period: ask.p.period,
        timeZone: ask.p.timeZone,
        fromAt: ask.p.from,
        cutoff: ask.p.cutoff,
        closedBy: options.by,
        closedAt,
        note: options.acceptDifferences?.note ?? null,
        manifestSha256,
        files,
        legs: state.view.legs,
        adjustments: state.view.adjustments,
      })
      store.audit.append(
        decisionEntry(now, 'close.locked', options.by, null, {
          period: ask.p.period,
          cutoff: ask.p.cutoff,
          manifest_sha256: manifestSha256,
          price_table_sha256: manifest.price_table_sha256,
          accepted: state.blockers.map((b) => b.kind),
          note: options.acceptDifferences?.note ?? null,
          adjustments: state.view.adjustments.length,
          replaces: before?.manifestSha256 ?? null,
        }),
      )
      return before?.manifestSha256 ?? null
    })
    return { manifest, files, replaces, accepted: state.blockers }
  })
}

/** The locked pack of a period, its bytes as they were written when it was locked. */
export function lockedPackFiles(store: DeskStore, period: string): Array<{ name: string; bytes: Uint8Array }> {
  const p = closePeriod(period)
  return store.read('read the locked pack', () => {
    const close = store.repo(closeRepo)
    const locked = close.lockedPeriod(p.period)
    if (!locked)
      throw new DeskError('invalid_input', `Period ${p.period} is not locked: lock it first with "close lock".`)
    return close.files(locked.id)
  })
}

/** Reopens a locked period (a person's act with a reason, audited); says which pack the next lock will replace. */
export function reopenClose(store: DeskStore, period: string, reason: string, by: string, now = new Date()) {
  const p = closePeriod(period)
  const why = reason.trim()
  if (why === '') throw new DeskError('invalid_input', 'A reopening needs its reason (--reason TEXT).')
  return store.transaction('reopen the period', () => {
    const close = store.repo(closeRepo)
    const locked = close.lockedPeriod(p.period)
    if (!locked)
      throw new DeskError('invalid_input', `Period ${p.period} is not locked, so there is nothing to reopen.`)
    const pack = close.list().find((r) => r.period === p.period && r.state === 'locked')!
    close.reopen(locked.id, by, now.toISOString(), why)
    store.audit.append(
      decisionEntry(now, 'close.reopened', by, null, {
        period: p.period,
        replaces: pack.manifestSha256,
        closed_by: pack.closedBy,
        closed_at: pack.closedAt,
        reason: why,
      }),
    )
    return { period: p.period, replaces: pack }
  })
}

export const listCloses = (store: DeskStore): CloseListRow[] =>
  store.read('read the closes', () => store.repo(closeRepo).list())

/** The first period no lock holds after the last locked one: where a new mapping applies from by default. */
function firstOpenPeriod(locked: ReadonlyArray<{ period: string }>): string {
  const last = locked.at(-1)?.period
  if (!last) return '0000-01'
  const [y, m] = last.split('-').map(Number) as [number, number]
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
}

/**
 * Imports the account mapping (audited), applying from `fromPeriod` (by default the first period after the last
 * locked one); refused when a locked period would change.
 */
export function importAccountMap(store: DeskStore, text: string, by: string, fromPeriod?: string, now = new Date()) {
  const { rows, sha256: fileSha256 } = parseAccountMap(text)
  if (fromPeriod !== undefined) closePeriod(fromPeriod)
  return store.transaction('import the account mapping', () => {
    const close = store.repo(closeRepo)
    const locked = close.locked()
    const from = fromPeriod ?? firstOpenPeriod(locked)
    const hit = locked.find((l) => l.period >= from)
    if (hit) throw periodLocked('The account mapping was not imported', hit)
    close.importMap(rows, from, by, now.toISOString(), fileSha256)
    store.audit.append(
      decisionEntry(now, 'close.map_imported', by, null, {
        from_period: from,
        rows: rows.length,
        file_sha256: fileSha256,
      }),
    )
    return { rows: rows.length, fromPeriod: from, fileSha256 }
  })
}

/** The mapping in force for a period (the latest when none is named), as its file. */
export function accountMapText(store: DeskStore, period = '9999-12'): { rows: AccountMapRow[]; text: string } {
  const rows = store.read('read the account mapping', () => store.repo(closeRepo).mapFor(period))
  return { rows, text: [...accountMapLines(rows)].join('') }
}
