import { csvLine } from '../csv/cell'
import type { ReconciliationReport } from '../../../shared/api/ledger-report'

export interface ReportHeader {
  profile: string
  environment: string
  baseUrl: string
  generatedAt: string
}

/**
 * The report as CSV: a header block (period, profile, environment, generated-at), the totals per
 * wallet, asset and network, the back-to-back coverage ranges, then each movement not final.
 * Every cell passes csvLine, which defuses formula characters.
 */
export function* reportCsvLines(report: ReconciliationReport, header: ReportHeader): Generator<string> {
  yield csvLine(['report', 'reconciliation'])
  yield csvLine(['period_from (exclusive)', report.from])
  yield csvLine(['period_to (inclusive)', report.to])
  yield csvLine(['profile', header.profile])
  yield csvLine(['environment', header.environment])
  yield csvLine(['base_url', header.baseUrl])
  yield csvLine(['wallets', report.walletIds ? report.walletIds.join(' ') : 'all'])
  yield csvLine(['ledger_synced_to', report.syncedTo])
  yield csvLine(['generated_at', header.generatedAt])
  yield csvLine(['rows', String(report.rows)])
  yield csvLine(['distinct_id_direction', String(report.distinctRows)])
  yield csvLine(['suspected_poisoning', String(report.suspectedPoisoning)])
  yield csvLine(['opening_balances', report.rollForward.openingUnknownBecause ?? 'from the first movement'])
  yield csvLine([
    'compared_with_provider',
    report.rollForward.compared ? 'yes' : 'no (the period does not end at the last sync)',
  ])
  yield '\r\n'
  yield csvLine([
    'wallet_id',
    'asset',
    'network',
    'in_count',
    'in_sum',
    'out_count',
    'out_sum',
    'internal_count',
    'internal_sum',
    'fee_count',
    'fee_sum',
    'not_final',
    'suspected_poisoning',
  ])
  for (const g of report.groups) {
    yield csvLine([
      g.walletId,
      g.asset,
      g.network,
      String(g.incoming.count),
      g.incoming.sum,
      String(g.outgoing.count),
      g.outgoing.sum,
      String(g.internal.count),
      g.internal.sum,
      String(g.fees.count),
      g.fees.sum,
      String(g.notFinal),
      String(g.suspectedPoisoning),
    ])
  }
  yield '\r\n'
  yield* rollForwardLines(report)
  yield '\r\n'
  yield csvLine(['coverage_from (exclusive)', 'coverage_to (inclusive)', 'rows'])
  for (const c of report.coverage) yield csvLine([c.from, c.to, String(c.rows)])
  yield '\r\n'
  yield csvLine(['not_final_id', 'direction', 'wallet_id', 'status', 'read_at'])
  for (const n of report.notFinal) yield csvLine([n.id, n.direction, n.walletId, n.status, n.readAt])
}

/** Roll-forward per wallet, asset and network; "unknown" and "not read" are written as words, never as zero. */
function* rollForwardLines(report: ReconciliationReport): Generator<string> {
  yield csvLine([
    'wallet_id',
    'asset',
    'network',
    'opening',
    'incoming',
    'outgoing',
    'fees',
    'internal',
    'closing',
    'provider_amount',
    'difference',
    'provider_note',
    'not_final_ids',
  ])
  for (const r of report.rollForward.rows) {
    const p = r.provider
    const provider =
      p.state === 'read'
        ? [p.amount, p.difference ?? 'unknown', `read ${p.readAt}`]
        : p.state === 'not_read'
          ? ['not read', 'not read', `${p.message} (request ${p.requestId ?? 'none'})`]
          : ['', '', 'not compared']
    yield csvLine([
      r.walletId,
      r.asset,
      r.network,
      r.opening ?? 'unknown',
      r.incoming,
      r.outgoing,
      r.fees,
      r.internal,
      r.closing ?? 'unknown',
      ...provider,
      r.notFinal.map((n) => `${n.id}/${n.direction}`).join(' '),
    ])
  }
}
