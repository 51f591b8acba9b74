import Big from 'big.js'
import type { CloseBlocker } from '../../../shared/api/close'
import type { LockedPeriod } from '../store/close/close-repo'
import { legBookings, type AccountingSource, type FiatValuer } from '../history/use-cases'
import { bookingKind, type AccountMap } from './account-map'
import type { PeriodView } from './period-view'
import type { CutoffBalance } from './provider-check'

/** How many items a blocker lists; the message counts them all. */
const LISTED = 200

function blocker(kind: CloseBlocker['kind'], message: string, fix: string, items: string[] = []): CloseBlocker {
  return { kind, message, fix, items: items.slice(0, LISTED) }
}

export interface BlockerInputs {
  view: PeriodView
  source: AccountingSource
  locked: LockedPeriod | null
  fiat: FiatValuer
  map: AccountMap
  balances: CutoffBalance[]
  profile: string
}

/** Each leg's problems, counted once per leg (a fee with no price counts its movement). */
function legProblems({ view, source, fiat, map }: BlockerInputs) {
  const notFinal: string[] = []
  const unpriced: string[] = []
  const unmapped = new Map<string, number>()
  for (const leg of view.legs) {
    if (!leg.final) notFinal.push(`${leg.id} (${leg.direction}, ${leg.status}, ${leg.created_at})`)
    const day = leg.created_at.slice(0, 10)
    const missing = new Set<string>()
    for (const e of legBookings(leg, source).entries) {
      if (fiat.unitPrice(day, e.asset) === null) missing.add(e.asset)
      if (map.of(e) === null) {
        const what = `wallet ${e.leg.wallet_id ?? e.wallet}, asset ${e.asset}, kind ${bookingKind(e)}`
        unmapped.set(what, (unmapped.get(what) ?? 0) + 1)
      }
    }
    if (missing.size) unpriced.push(`${leg.id} (${[...missing].join(', ')} on ${day})`)
  }
  return { notFinal, unpriced, unmapped }
}

/** What stands between a period and its close, each with where to fix it; none when it can be locked. */
export function closeBlockers(input: BlockerInputs): CloseBlocker[] {
  const { view, locked, balances, profile } = input
  const p = `--profile "${profile}"`
  const out: CloseBlocker[] = []
  if (locked)
    out.push(
      blocker(
        'locked',
        `Period ${view.p.period} is locked (closed by ${locked.closedBy} at ${locked.closedAt}).`,
        `payout-desk close reopen ${p} --period ${view.p.period} --reason TEXT`,
      ),
    )
  if (!view.synced)
    out.push(
      blocker(
        'unsynced',
        `The ledger is not synced to the cutoff ${view.p.cutoff} from the first movement` +
          (view.syncedTo ? ` (it is synced to ${view.syncedTo}).` : ' (it holds no synced history yet).'),
        `payout-desk history sync ${p} (or Transactions: Sync now)`,
      ),
    )
  const { notFinal, unpriced, unmapped } = legProblems(input)
  if (notFinal.length)
    out.push(
      blocker(
        'not_final',
        `${notFinal.length} movements of the period are not final yet.`,
        `payout-desk history sync ${p} re-reads them once the provider calls them final`,
        notFinal,
      ),
    )
  if (unpriced.length)
    out.push(
      blocker(
        'unpriced',
        `${unpriced.length} movements have no ${input.fiat.fiat} price in the price table on their day.`,
        `payout-desk history prices import FILE ${p} (or Transactions: Import prices)`,
        unpriced,
      ),
    )
  if (unmapped.size)
    out.push(
      blocker(
        'unmapped',
        `${[...unmapped.values()].reduce((a, b) => a + b, 0)} legs have no account in the account mapping.`,
        `payout-desk history map import FILE ${p} (header wallet,asset,kind,account; * for any wallet or asset)`,
        [...unmapped.entries()].map(([what, n]) => `${what} (${n} legs)`),
      ),
    )
  const off = balances.filter((b) => b.difference === null || !new Big(b.difference).eq(0))
  if (off.length)
    out.push(
      blocker(
        'difference',
        `${off.length} closing balances differ from the provider's balance at the cutoff, or could not be read.`,
        `find the cause (history report ${p}), or sign it off: payout-desk close lock ${p} --period ` +
          `${view.p.period} --out DIR --accept-differences --note TEXT`,
        off.map((b) =>
          b.problem === null
            ? `${b.walletId} ${b.asset} on ${b.network}: closing ${b.closing}, provider ${b.provider}, ` +
              `difference ${b.difference}`
            : `${b.walletId} ${b.asset} on ${b.network}: not read (${b.problem})`,
        ),
      ),
    )
  return out
}
