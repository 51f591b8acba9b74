import Big from 'big.js'
import type { RollForwardRow } from '../../../shared/api/ledger-report'
import { legBookings, type AccountingSource, type FiatValuer } from '../history/use-cases'

/** One asset held at the cutoff: units, fair value, and (when asked) its FIFO cost basis. */
export interface Holding {
  asset: string
  units: string | null
  price: string | null
  fairValue: string | null
  costBasis: string | null
  /** Units held whose acquisition had no price or is not in the ledger, and the movements with no price. */
  unknownCostUnits: string | null
  unknownCost: string[]
}

/** What a FIFO cost basis says of the units held: their cost, and the units (and movements) of no known cost. */
export interface Basis {
  cost: string
  unknownUnits: string
  unknown: string[]
}

/** The fiat's minor units, as Intl knows them. */
const placesOf = (fiat: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: fiat }).resolvedOptions().maximumFractionDigits ?? 2

/** Deposits read per page, newest first, until the units held are covered. */
const PAGE = 500

/**
 * FIFO cost basis from the ledger's own acquisitions. FIFO spends the oldest lots first, so the units held at the
 * cutoff are the newest acquisitions: the deposits from outside (a move between own wallets is no acquisition), read
 * newest first until they cover the units, the oldest of them in part, each at the price table's price on its UTC day
 * (none: unknown cost). Units no deposit in the ledger covers have no known cost either. Only those newest deposits
 * are read, never the whole history.
 */
export function fifoBasis(
  source: AccountingSource,
  fiat: FiatValuer,
  to: string,
): (asset: string, held: Big) => Basis | null {
  return (asset, held) => {
    if (fiat.fiat === null) return null
    let left = held
    let cost = new Big(0)
    let unknownUnits = new Big(0)
    const unknown = new Set<string>()
    let after: Parameters<AccountingSource['ledger']['page']>[1]
    while (left.gt(0)) {
      const page = source.ledger.page({ asset, direction: 'in', to }, after, PAGE)
      for (const leg of page.rows) {
        if (left.lte(0)) break
        // A movement not final counts as moved, as the roll-forward counts it; a failed one moved nothing.
        if (leg.final && leg.status !== 'completed') continue
        const deposit = legBookings({ ...leg, status: 'completed' }, source).entries.find((e) => e.kind === 'deposit')
        if (!deposit || deposit.ownTransfer) continue
        const used = Big(deposit.amount).lt(left) ? Big(deposit.amount) : left
        left = left.minus(used)
        const price = fiat.unitPrice(leg.created_at.slice(0, 10), asset)
        if (price === null) {
          unknownUnits = unknownUnits.plus(used)
          unknown.add(leg.id)
        } else cost = cost.plus(used.times(price))
      }
      if (page.next === null) break
      after = page.next
    }
    if (left.gt(0)) unknownUnits = unknownUnits.plus(left)
    const places = placesOf(fiat.fiat)
    return {
      cost: cost.round(places, Big.roundHalfUp).toFixed(places),
      unknownUnits: unknownUnits.toFixed(),
      unknown: [...unknown],
    }
  }
}

/** Holdings per asset from the roll-forward's closings at the cutoff, valued at the price of the period's last day. */
export function holdingsAt(
  rows: readonly RollForwardRow[],
  fiat: FiatValuer,
  lastDay: string,
  costOf: ((asset: string, held: Big) => Basis | null) | null,
): Holding[] {
  const units = new Map<string, Big | null>()
  for (const r of rows) {
    if (r.asset === '') continue
    const before = units.has(r.asset) ? units.get(r.asset)! : new Big(0)
    units.set(r.asset, before === null || r.closing === null ? null : before.plus(r.closing))
  }
  return [...units.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([asset, held]) => {
      const basis = costOf && held !== null ? costOf(asset, held) : null
      return {
        asset,
        units: held?.toFixed() ?? null,
        price: fiat.unitPrice(lastDay, asset),
        fairValue: held === null ? null : fiat.value(lastDay, asset, held.toFixed()),
        costBasis: basis?.cost ?? null,
        unknownCostUnits: basis?.unknownUnits ?? null,
        unknownCost: basis?.unknown ?? [],
      }
    })
}
