import type { Counterparty } from '../../../shared/api/resources'
import type { BacktestReport, BacktestRow } from '../../../shared/policy/backtest-report'
import { amountFor, type Policy } from '../../../shared/policy/policy-schema'
import type { RecordedRequest } from '../store/policy/agent-requests-repo'
import { DAY_MS, destinationKey, PayoutWindow, WEEK_MS, type UsdRates } from './payout-window'
import { checkPayout, type Decision } from './policy-check'

const OUTCOME = { allow: 'allowed', hold: 'held', deny: 'refused' } as const
const HAPPENED = { 'policy.allowed': 'allowed', 'policy.held': 'held', 'policy.denied': 'refused' } as const
const CHANGE_ORDER = ['allowed', 'held', 'refused'].flatMap((w) =>
  ['sent', 'allowed', 'held', 'refused'].map((was) => `${w}|${was}`),
)
const SENT_STATES = new Set(['accepted', 'sending', 'unknown'])

/** The span a backtest reads: its days, and the 7 days before them that its first requests' totals count. */
export function backtestSpan(now: Date, days: number): { readFrom: string; from: string; to: string } {
  const to = now.getTime()
  const from = to - days * DAY_MS
  return {
    readFrom: new Date(from - WEEK_MS).toISOString(),
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  }
}

/**
 * Replays recorded agent requests (oldest first) under `policy` with the send gate's own decision (`checkPayout`) over
 * a window of the earlier requests as the proposed policy would have let them through: a request it would refuse
 * leaves the totals, as it would have. Pure: the records, the price table's rates and the span are all it reads.
 * Not replayed: grants (one person's act on one payout) and the hourly write limit's create_counterparty calls.
 */
export function backtest(
  policy: Policy,
  records: readonly RecordedRequest[],
  rates: UsdRates,
  span: { from: string; to: string },
): BacktestReport {
  const window = new PayoutWindow(rates)
  const paid = new Set<string>()
  const rows: BacktestRow[] = []
  const changes = new Map<string, number>()
  const would = { allowed: 0, held: 0, refused: 0 }
  let skipped = 0
  for (const r of records) {
    const inSpan = r.at >= span.from
    if (r.asset === null || r.amount === null || r.network === null || r.destination === null) {
      if (inSpan) skipped++
      continue
    }
    const atMs = Date.parse(r.at)
    const destination = destinationKey(r.network, r.destination)
    const prior = window.totalsAt(atMs, r.asset, destination)
    const decision: Decision = checkPayout(policy, {
      asset: r.asset,
      amount: r.amount,
      destination: bookEntry(r),
      spentToday: amountFor(policy.maxPerDay, r.asset) === null ? [] : [prior.assetSpent24h.toFixed()],
      requestsLastHour: prior.payoutsLastHour,
      firstPayout: !paid.has(destination),
      now: new Date(atMs),
      prior,
      rates,
      granted: false,
    })
    if (decision.outcome !== 'deny') window.add({ atMs, asset: r.asset, amount: r.amount, destination: destination })
    if (decision.outcome === 'allow') paid.add(destination)
    if (!inSpan) continue
    const sent = r.state !== null && SENT_STATES.has(r.state)
    const happened = { outcome: HAPPENED[r.path], rule: r.rule, sent }
    const outcome = OUTCOME[decision.outcome]
    would[outcome]++
    // "refused that were sent" says money went out; otherwise the policy's outcome then is what is compared.
    const was = outcome === 'refused' && sent ? 'sent' : happened.outcome
    if (outcome !== happened.outcome) changes.set(`${outcome}|${was}`, (changes.get(`${outcome}|${was}`) ?? 0) + 1)
    rows.push({
      key: r.key,
      at: r.at,
      asset: r.asset,
      amount: r.amount,
      network: r.network,
      destination: r.destination,
      happened,
      would: {
        outcome,
        rule: decision.outcome === 'allow' ? null : decision.rule,
        message: decision.outcome === 'allow' ? null : decision.message,
      },
    })
  }
  return {
    from: span.from,
    to: span.to,
    requests: rows.length,
    skipped,
    would,
    changes: [...changes]
      .sort(([a], [b]) => CHANGE_ORDER.indexOf(a) - CHANGE_ORDER.indexOf(b))
      .map(([k, count]) => {
        const [w, was] = k.split('|') as ['allowed' | 'held' | 'refused', 'sent' | 'allowed' | 'held' | 'refused']
        return { would: w, was, count }
      }),
    rows,
  }
}

/** The destination as the rules read it, from what the request recorded (its verification time as then checked). */
function bookEntry(r: RecordedRequest): Counterparty {
  return {
    id: r.destinationId ?? '',
    network: r.network!,
    address: r.destination!,
    can_send: true,
    verified_at: r.verifiedAt,
  } as Counterparty
}
