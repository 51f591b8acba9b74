import { createHash } from 'node:crypto'
import type { CloseBlocker } from '../../../shared/api/close'
import type { DeskStore } from '../store'
import { closeRepo, type LockedPeriod } from '../store/close/close-repo'
import { payoutRefsRepo } from '../store/close/payout-refs'
import {
  accountingSource,
  FiatValuer,
  isoDay,
  zonedClock,
  type AccountingSource,
  type WalletAccess,
} from '../history/use-cases'
import { AccountMap } from './account-map'
import { closeBlockers } from './blockers'
import { fifoBasis, holdingsAt } from './holdings'
import { packFiles, type PackFile } from './pack-files'
import { periodFilter, type ClosePeriod } from './period'
import { readPeriod, type PeriodView } from './period-view'
import { balancesAtCutoff, type CutoffBalance } from './provider-check'

export interface CloseAsk {
  p: ClosePeriod
  /** The fiat of prices and values (the price table's). */
  fiat: string
  wallets: WalletAccess
  profile: string
}

/** A period as a close sees it over one view of the ledger: its facts, the provider's balances and the blockers. */
export interface CloseState {
  view: PeriodView
  source: AccountingSource
  fiat: FiatValuer
  map: AccountMap
  locked: LockedPeriod | null
  balances: CutoffBalance[]
  blockers: CloseBlocker[]
}

/** A valuer asking the price table once per day and asset: a month's legs ask the same few prices again and again. */
class MemoFiat extends FiatValuer {
  private readonly memo = new Map<string, string | null>()

  override unitPrice(day: string, asset: string): string | null {
    const key = `${day}\n${asset}`
    if (!this.memo.has(key)) this.memo.set(key, super.unitPrice(day, asset))
    return this.memo.get(key)!
  }
}

/** Reads a period over one snapshot of the profile's database (the provider read fresh) and hands it to `work`. */
export function withCloseState<T>(
  store: DeskStore,
  ask: CloseAsk,
  work: (state: CloseState) => Promise<T> | T,
): Promise<T> {
  return store.snapshot(accountingSource, 'read the period to close', async (source) => {
    const view = readPeriod(store, source, ask.p)
    const balances = view.synced ? await balancesAtCutoff(view, ask.wallets) : []
    const fiat = new MemoFiat(source.prices, ask.fiat)
    const { map, locked } = store.read('read the close', () => {
      const close = store.repo(closeRepo)
      return { map: new AccountMap(close.mapFor(ask.p.period)), locked: close.lockedPeriod(ask.p.period) }
    })
    const blockers = closeBlockers({ view, source, locked, fiat, map, balances, profile: ask.profile })
    return work({ view, source, fiat, map, locked, balances, blockers })
  })
}

/** The prices in force as one canonical CSV text, hashed: which table valued the pack. */
export function priceTableSha256(source: AccountingSource, at: string): string {
  const rows = [...source.prices.all(at).values()].sort(
    (a, b) => a.asset.localeCompare(b.asset) || a.fiat.localeCompare(b.fiat) || a.date.localeCompare(b.date),
  )
  const hash = createHash('sha256').update('date,asset,fiat,price\r\n')
  for (const r of rows) hash.update(`${r.date},${r.asset},${r.fiat},${r.price}\r\n`)
  return hash.digest('hex')
}

/** Every file of the pack but the manifest, from a state read by `withCloseState`. */
export function buildPack(store: DeskStore, state: CloseState, costBasis: boolean): PackFile[] {
  const { view, source, fiat } = state
  const costOf = costBasis ? fifoBasis(source, fiat, periodFilter(view.p).to) : null
  const lastDay = isoDay(zonedClock(view.p.timeZone)(new Date(Date.parse(view.p.cutoff) - 1).toISOString()))
  const holdings = holdingsAt(view.rollForward ?? [], fiat, lastDay, costOf)
  const refs = store.read('read the payouts', () => store.repo(payoutRefsRepo))
  return packFiles({ ...state, fiat: fiat.fiat!, valuer: fiat, holdings, refs })
}
