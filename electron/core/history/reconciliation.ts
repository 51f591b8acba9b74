import Big from 'big.js'
import type { ReconciliationReport, Sum } from '../../../shared/api/ledger-report'
import type { LedgerRepo, LegTally } from '../store/ledger/ledger-repo'
import { monthStart } from '../store/ledger/opening-sums'
import { requireCovered } from './ledger-coverage'
import { RollForwardTally } from './roll-forward'

const DAY_MS = 86_400_000

/** UTC midnights inside the period for up to 92 days, UTC month starts beyond: ranges a person can re-count. */
function boundaries(fromMs: number, toMs: number): number[] {
  const cuts = [fromMs]
  if (toMs - fromMs <= 92 * DAY_MS) {
    for (let t = Math.floor(fromMs / DAY_MS) * DAY_MS + DAY_MS; t < toMs; t += DAY_MS) cuts.push(t)
  } else {
    const d = new Date(fromMs)
    for (let m = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1); m < toMs;) {
      cuts.push(m)
      const n = new Date(m)
      m = Date.UTC(n.getUTCFullYear(), n.getUTCMonth() + 1, 1)
    }
  }
  cuts.push(toMs)
  return cuts
}

class Tally {
  count = 0
  private total = new Big(0)
  add(amount: string): void {
    this.count++
    this.total = this.total.plus(amount)
  }
  get view(): Sum {
    return { count: this.count, sum: this.total.toFixed() }
  }
}

interface Group {
  walletId: string
  asset: string
  network: string
  tallies: Record<'in' | 'out' | 'internal' | 'fees', Tally>
  notFinal: number
  suspectedPoisoning: number
}

/** Groups by wallet, then asset, then network: maps of the columns as read, with no key text built per leg. */
class Groups {
  private readonly byWallet = new Map<string, Map<string, Map<string, Group>>>()

  get(walletId: string, asset: string, network: string): Group {
    let byAsset = this.byWallet.get(walletId)
    if (!byAsset) this.byWallet.set(walletId, (byAsset = new Map()))
    let byNetwork = byAsset.get(asset)
    if (!byNetwork) byAsset.set(asset, (byNetwork = new Map()))
    let g = byNetwork.get(network)
    if (!g) {
      g = {
        walletId,
        asset,
        network,
        tallies: { in: new Tally(), out: new Tally(), internal: new Tally(), fees: new Tally() },
        notFinal: 0,
        suspectedPoisoning: 0,
      }
      byNetwork.set(network, g)
    }
    return g
  }

  *all(): Generator<Group> {
    for (const byAsset of this.byWallet.values()) for (const byNetwork of byAsset.values()) yield* byNetwork.values()
  }
}

/**
 * Adds the opening of every month before the one holding `fromMs` from the kept sums, with the legs of those months
 * still not final (listed, their amounts already summed); returns where the legs must be read from (exclusive).
 * Stale sums (a write they did not see) leave the whole history to be read leg by leg.
 */
function openingThroughSums(
  ledger: LedgerRepo,
  roll: RollForwardTally,
  fromMs: number,
  walletId: string | undefined,
): string | undefined {
  const tailStart = monthStart(fromMs)
  const sums = ledger.openingBefore(tailStart, walletId)
  if (sums === null) return undefined
  for (const effect of sums) roll.addOpening(effect)
  for (const leg of ledger.notFinalBefore(tailStart, walletId)) roll.note(leg)
  return new Date(tailStart - 1).toISOString()
}

export interface ReportPeriod {
  from: string
  to: string
  walletIds?: string[]
}

/** Rows counted between two steps of a report: a pause for the event loop, a progress report and a cancel check. */
export const REPORT_STEP_ROWS = 10_000

/** A whole report at once (the CLI, the benchmark). */
export function reconcile(ledger: LedgerRepo, period: ReportPeriod): ReconciliationReport {
  const steps = reconcileSteps(ledger, period)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/**
 * Per wallet, asset and network over (from, to]: counts and exact sums (big.js) of incoming,
 * outgoing, internal movements and fees, what is not final yet, and back-to-back ranges with
 * their row counts as proof that each (id, direction) of the period was counted once.
 * Yields the rows counted so far every REPORT_STEP_ROWS rows, so the app can report progress,
 * cancel, and answer its screens between steps; returns the report.
 */
export function* reconcileSteps(ledger: LedgerRepo, period: ReportPeriod): Generator<number, ReconciliationReport> {
  const fromMs = Date.parse(period.from)
  const toMs = Date.parse(period.to)
  const coverage = requireCovered(ledger.state(), fromMs, toMs)
  const cuts = boundaries(fromMs, toMs)
  const perRange = new Array<number>(cuts.length - 1).fill(0)
  const groups = new Groups()
  // The ids seen in each direction: (id, direction) pairs without building a key per leg.
  const seen = { in: new Set<string>(), out: new Set<string>(), internal: new Set<string>() }
  const notFinal: ReconciliationReport['notFinal'] = []
  let rows = 0
  let flagged = 0
  let range = 0
  const count = (leg: LegTally) => {
    while (leg.atMs > cuts[range + 1]!) range++
    perRange[range]!++
    rows++
    seen[leg.direction].add(leg.id)
    const wallet = leg.walletId ?? ''
    const network = leg.network ?? ''
    const g = groups.get(wallet, leg.asset, network)
    g.tallies[leg.direction].add(leg.amount)
    if (leg.suspectedPoisoning) {
      g.suspectedPoisoning++
      flagged++
    }
    if (leg.fee !== null && leg.feeAsset !== null) groups.get(wallet, leg.feeAsset, network).tallies.fees.add(leg.fee)
    if (!leg.final) {
      g.notFinal++
      notFinal.push({
        id: leg.id,
        direction: leg.direction,
        walletId: leg.walletId,
        status: leg.status,
        readAt: new Date(leg.readAtMs).toISOString(),
      })
    }
  }
  const openingKnown = coverage.from === null
  const roll = new RollForwardTally(fromMs, openingKnown)
  const wallets = period.walletIds?.length ? period.walletIds : [undefined]
  let scanned = 0
  for (const walletId of wallets) {
    range = 0
    // What came before the period is the opening balance: the monthly sums up to the period's month, then its legs.
    const readFrom = openingKnown ? openingThroughSums(ledger, roll, fromMs, walletId) : period.from
    for (const leg of ledger.tallies({ from: readFrom, to: period.to, walletId })) {
      roll.add(leg)
      if (leg.atMs > fromMs) count(leg)
      if (++scanned % REPORT_STEP_ROWS === 0) yield rows
    }
  }
  const iso = (ms: number) => new Date(ms).toISOString()
  return {
    from: iso(fromMs),
    to: iso(toMs),
    walletIds: period.walletIds?.length ? period.walletIds : null,
    syncedTo: iso(coverage.to),
    groups: [...groups.all()]
      .sort(
        (a, b) =>
          a.walletId.localeCompare(b.walletId) || a.asset.localeCompare(b.asset) || a.network.localeCompare(b.network),
      )
      .map((g) => ({
        walletId: g.walletId,
        asset: g.asset,
        network: g.network,
        incoming: g.tallies.in.view,
        outgoing: g.tallies.out.view,
        internal: g.tallies.internal.view,
        fees: g.tallies.fees.view,
        notFinal: g.notFinal,
        suspectedPoisoning: g.suspectedPoisoning,
      })),
    coverage: perRange.map((n, i) => ({ from: iso(cuts[i]!), to: iso(cuts[i + 1]!), rows: n })),
    rows,
    distinctRows: seen.in.size + seen.out.size + seen.internal.size,
    suspectedPoisoning: flagged,
    notFinal,
    rollForward: {
      openingUnknownBecause: openingKnown
        ? null
        : `The ledger reaches back only to ${iso(coverage.from!)}: movements before it are not held yet, so ` +
          `opening and closing balances are unknown. Let the first sync finish.`,
      compared: false,
      rows: roll.rows(),
    },
  }
}
