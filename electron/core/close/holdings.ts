import Big from 'big.js'
import type { RollForwardRow } from '../../../shared/api/ledger-report'
import type { LedgerRow } from '../../../shared/api/ledger-query'
import { legBookings, type AccountingSource, type FiatValuer } from '../history/use-cases'

/** One asset held at the cutoff: units, fair value, and (when asked) its FIFO cost basis. */
export interface Holding {
  asset: string
  units: string | null
  price: string | null
  fairValue: string | null
  costBasis: string | null
  /** Units still held whose acquisition had no price, and the movements they came from. */
  unknownCostUnits: string | null
  unknownCost: string[]
}

interface Lot {
  amount: Big
  unitCost: Big | null
  from: string
}

/** The fiat's minor units, as Intl knows them. */
const placesOf = (fiat: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: fiat }).resolvedOptions().maximumFractionDigits ?? 2

/**
 * FIFO lots per asset from the ledger's own acquisitions, oldest first: a deposit from outside is a lot at the price
 * table's price on its UTC day (none: unknown cost), a payment and every fee use the oldest lots up; moves between own
 * wallets change no lot; a failed movement none.
 */
export class FifoLots {
  private readonly lots = new Map<string, Lot[]>()

  constructor(
    private readonly source: AccountingSource,
    private readonly fiat: FiatValuer,
    private readonly day: (iso: string) => string,
  ) {}

  add(leg: LedgerRow): void {
    if (leg.direction === 'internal' || (leg.final && leg.status !== 'completed')) return
    // A movement not final counts as moved, as the roll-forward counts it, so the lots hold the units it holds.
    for (const e of legBookings({ ...leg, status: 'completed' }, this.source).entries) {
      if (e.ownTransfer && e.kind !== 'fee') continue
      const lots = this.lots.get(e.asset) ?? []
      this.lots.set(e.asset, lots)
      if (e.kind === 'deposit') {
        const price = this.fiat.unitPrice(this.day(leg.created_at), e.asset)
        lots.push({ amount: new Big(e.amount), unitCost: price === null ? null : new Big(price), from: leg.id })
        continue
      }
      let left = new Big(e.amount)
      while (left.gt(0) && lots.length > 0) {
        const lot = lots[0]!
        const used = lot.amount.lt(left) ? lot.amount : left
        lot.amount = lot.amount.minus(used)
        left = left.minus(used)
        if (lot.amount.eq(0)) lots.shift()
      }
    }
  }

  /** The cost of what is left of an asset's lots, and what is left without a known cost. */
  basis(asset: string, fiat: string): { cost: string; unknownUnits: string; unknown: string[] } {
    let cost = new Big(0)
    let unknownUnits = new Big(0)
    const unknown = new Set<string>()
    for (const lot of this.lots.get(asset) ?? []) {
      if (lot.unitCost === null) {
        unknownUnits = unknownUnits.plus(lot.amount)
        unknown.add(lot.from)
      } else cost = cost.plus(lot.amount.times(lot.unitCost))
    }
    const places = placesOf(fiat)
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
  lots: FifoLots | null,
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
      const basis = lots && fiat.fiat ? lots.basis(asset, fiat.fiat) : null
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
