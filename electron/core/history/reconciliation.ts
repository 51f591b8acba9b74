import Big from 'big.js'
import type { ReconciliationReport, Sum } from '../../../shared/api/ledger-report'
import type { LedgerRepo, LegTally } from '../store/ledger-repo'
import { requireCovered } from './ledger-coverage'

const DAY_MS = 86_400_000

/** UTC midnights inside the period for up to 92 days, UTC month starts beyond: ranges a person can re-count. */
function boundaries(fromMs: number, toMs: number): number[] {
  const cuts = [fromMs]
  if (toMs - fromMs <= 92 * DAY_MS) {
    for (let t = Math.floor(fromMs / DAY_MS) * DAY_MS + DAY_MS; t < toMs; t += DAY_MS) cuts.push(t)
  } else {
    const d = new Date(fromMs)
    for (let m = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1); m < toMs; ) {
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

/**
 * Per wallet, asset and network over (from, to]: counts and exact sums (big.js) of incoming,
 * outgoing, internal movements and fees, what is not final yet, and back-to-back ranges with
 * their row counts as proof that each (id, direction) of the period was counted once.
 */
export function reconcile(ledger: LedgerRepo, period: { from: string; to: string; walletIds?: string[] }): ReconciliationReport {
  const fromMs = Date.parse(period.from)
  const toMs = Date.parse(period.to)
  const coverage = requireCovered(ledger.state(), fromMs, toMs)
  const cuts = boundaries(fromMs, toMs)
  const perRange = new Array<number>(cuts.length - 1).fill(0)
  const groups = new Map<string, { walletId: string; asset: string; network: string; tallies: Record<'in' | 'out' | 'internal' | 'fees', Tally>; notFinal: number }>()
  const seen = new Set<string>()
  const notFinal: ReconciliationReport['notFinal'] = []
  const group = (walletId: string, asset: string, network: string) => {
    const key = `${walletId}\u0000${asset}\u0000${network}`
    let g = groups.get(key)
    if (!g) {
      g = { walletId, asset, network, tallies: { in: new Tally(), out: new Tally(), internal: new Tally(), fees: new Tally() }, notFinal: 0 }
      groups.set(key, g)
    }
    return g
  }
  let rows = 0
  let range = 0
  const count = (leg: LegTally) => {
    while (leg.atMs > cuts[range + 1]!) range++
    perRange[range]!++
    rows++
    seen.add(`${leg.id}\u0000${leg.direction}`)
    const wallet = leg.walletId ?? ''
    const network = leg.network ?? ''
    const g = group(wallet, leg.asset, network)
    g.tallies[leg.direction].add(leg.amount)
    if (leg.fee !== null && leg.feeAsset !== null) group(wallet, leg.feeAsset, network).tallies.fees.add(leg.fee)
    if (!leg.final) {
      g.notFinal++
      notFinal.push({ id: leg.id, direction: leg.direction, walletId: leg.walletId, status: leg.status, readAt: new Date(leg.readAtMs).toISOString() })
    }
  }
  const wallets = period.walletIds?.length ? period.walletIds : [undefined]
  for (const walletId of wallets) {
    range = 0
    for (const leg of ledger.tallies({ from: period.from, to: period.to, walletId })) count(leg)
  }
  const iso = (ms: number) => new Date(ms).toISOString()
  return {
    from: iso(fromMs),
    to: iso(toMs),
    walletIds: period.walletIds?.length ? period.walletIds : null,
    syncedTo: iso(coverage.to),
    groups: [...groups.values()]
      .sort((a, b) => a.walletId.localeCompare(b.walletId) || a.asset.localeCompare(b.asset) || a.network.localeCompare(b.network))
      .map((g) => ({
        walletId: g.walletId,
        asset: g.asset,
        network: g.network,
        incoming: g.tallies.in.view,
        outgoing: g.tallies.out.view,
        internal: g.tallies.internal.view,
        fees: g.tallies.fees.view,
        notFinal: g.notFinal,
      })),
    coverage: perRange.map((n, i) => ({ from: iso(cuts[i]!), to: iso(cuts[i + 1]!), rows: n })),
    rows,
    distinctRows: seen.size,
    notFinal,
  }
}
