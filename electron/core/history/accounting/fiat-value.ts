import Big from 'big.js'
import type { PriceTableRepo } from '../../store/accounting/price-table-repo'

/**
 * Values amounts in one fiat from the imported price table only: a day, asset or fiat the table lacks gives null, never
 * a guess.
 */
export class FiatValuer {
  /** The fiat's minor units (2 for USD, 0 for JPY), as Intl knows them. */
  private readonly places: number

  constructor(
    private readonly prices: PriceTableRepo,
    readonly fiat: string | null,
  ) {
    this.places =
      fiat === null
        ? 2
        : (new Intl.NumberFormat('en', { style: 'currency', currency: fiat }).resolvedOptions().maximumFractionDigits ??
          2)
  }

  /** The price of one unit on `day` (YYYY-MM-DD), as the table wrote it. */
  unitPrice(day: string, asset: string): string | null {
    return this.fiat === null ? null : this.prices.price(day, asset, this.fiat)
  }

  /** amount × price, rounded half-up to the fiat's minor units. */
  value(day: string, asset: string, amount: string): string | null {
    const price = this.unitPrice(day, asset)
    return price === null ? null : new Big(amount).times(price).round(this.places, Big.roundHalfUp).toFixed(this.places)
  }
}
