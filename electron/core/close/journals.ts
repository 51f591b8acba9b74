import Big from 'big.js'
import type { Journal, JournalLine } from './journal-imports'
import { isoDay, legBookings, zonedClock, type AccountingSource, type FiatValuer } from '../history/use-cases'
import type { AccountMap } from './account-map'
import type { PeriodView } from './period-view'

/** A booking's other side when the mapping names none (a close signed off with unmapped legs). */
export const UNMAPPED_ACCOUNT = 'Unmapped (see close prepare)'

/** The wallet's own account, as the generic journal names it. */
const walletAccount = (wallet: string) => `Wallet:${wallet}`

/**
 * The period's journals in the books' fiat, one per movement: each booking debits the wallet and credits the
 * mapping's account (a payment or a fee the other way round), valued at the price table's price on the movement's day
 * in the period's zone. A booking with no price, or worth nothing in minor units, makes no line (prepare names the
 * unpriced); a movement with no line makes no journal.
 */
export function* periodJournals(
  view: PeriodView,
  source: AccountingSource,
  fiat: FiatValuer,
  map: AccountMap,
): Generator<Journal> {
  const at = zonedClock(view.p.timeZone)
  let number = 0
  for (const leg of view.legs) {
    const bookings = legBookings(leg, source).entries
    if (bookings.length === 0) continue
    const date = at(leg.created_at)
    const lines: JournalLine[] = []
    for (const e of bookings) {
      const value = fiat.value(isoDay(date), e.asset, e.amount)
      if (value === null || new Big(value).eq(0)) continue
      const other = map.of(e) ?? UNMAPPED_ACCOUNT
      const [debit, credit] = e.kind === 'deposit' ? [walletAccount(e.wallet), other] : [other, walletAccount(e.wallet)]
      const description = `${e.amount} ${e.asset}: ${e.description}`
      lines.push({ account: debit, amount: value, description })
      lines.push({ account: credit, amount: `-${value}`, description })
    }
    if (lines.length === 0) continue
    number++
    yield {
      number: `${view.p.period}-${String(number).padStart(4, '0')}`,
      date,
      narration: bookings[0]!.description,
      lines,
    }
  }
}
