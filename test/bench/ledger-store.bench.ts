/**
 * The history ledger with 1,000,000 rows: combined filter + text search p95, a reconciliation report plus CSV of
 * 100,000 rows, and the database size. Rows come from the simulator's own history generator and enter the ledger
 * through the same page commit a sync uses (in large pages, to load quickly).
 */
import { statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeCsvFile } from '../../electron/core/csv/write'
import { exportLedgerCsv } from '../../electron/core/history/ledger-export'
import { reconcile } from '../../electron/core/history/reconciliation'
import { reportCsvLines } from '../../electron/core/history/report-csv'
import { DeskStore, STORE_FILE, type LedgerRepo } from '../../electron/core/store'
import { LedgerFilterSchema, type LedgerFilter } from '../../shared/api/ledger-query'
import { fillBenchLedger } from '../harness/bench-ledger'

const ROWS = 1_000_000
const QUERIES = 60
const DAY = 86_400_000

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!
}

/** p95 ms of a page of combined filters with a text search, over a mix of what a person narrows by. */
export function ledgerFilterP95(ledger: LedgerRepo): number {
  const sample = ledger.page({}, undefined, 500).rows
  const filters: LedgerFilter[] = []
  for (let i = 0; i < QUERIES; i++) {
    const row = sample[(i * 37) % sample.length]!
    const outsider = row.direction === 'in' ? row.from.address : row.to.address
    const at = Date.parse(row.created_at)
    const window = { from: new Date(at - 30 * DAY).toISOString(), to: new Date(at + DAY).toISOString() }
    const kinds: LedgerFilter[] = [
      {
        walletId: row.wallet_id!,
        asset: row.asset,
        direction: row.direction,
        ...window,
        minAmount: '0.001',
        text: outsider.slice(2, 14),
      },
      { network: row.network!, status: 'completed', text: row.tx_hash!.slice(0, 12) },
      { walletId: row.wallet_id!, ...window, text: row.id.slice(0, 8) },
      { asset: row.asset, minAmount: '1', maxAmount: '5000', text: outsider.slice(-10) },
      { walletId: row.wallet_id!, direction: 'out', text: 'payroll' },
    ]
    // Through the schema the app's bridge applies: only a filter a person can ask for is measured.
    filters.push(LedgerFilterSchema.parse(kinds[i % kinds.length]))
  }
  const samples: number[] = []
  for (const filter of filters) {
    const t = performance.now()
    ledger.page(filter, undefined, 100)
    samples.push(performance.now() - t)
  }
  return p95(samples)
}

export default async function ledgerStoreBench(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'ledger-bench-'))
  const store = DeskStore.open(dir, 'test')
  try {
    const { ledger, endMs: end } = fillBenchLedger(store, ROWS)

    const filterP95 = ledgerFilterP95(ledger)

    // A report over about a tenth of the ledger, with its CSV and the export of the same rows.
    const reportTo = new Date(end - DAY).toISOString()
    const reportFrom = new Date(end - DAY - 36.5 * DAY).toISOString()
    const t0 = performance.now()
    const report = reconcile(ledger, { from: reportFrom, to: reportTo })
    const header = {
      profile: 'Bench',
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:4010',
      generatedAt: new Date().toISOString(),
    }
    await writeCsvFile(join(dir, 'report.csv'), reportCsvLines(report, header))
    // The export as the app writes it (the Transactions screen's filter), with its progress and cancel checks.
    const exported = await exportLedgerCsv(
      store,
      { from: reportFrom, to: reportTo },
      join(dir, 'export.csv'),
      new AbortController().signal,
      () => undefined,
    )
    const reportMs = performance.now() - t0
    if (exported.rows !== report.rows)
      throw new Error(`the export wrote ${exported.rows} rows, the report counted ${report.rows}`)

    const held = ledger.summary().rows
    store.close()
    const size = (f: string) => {
      try {
        return statSync(join(dir, f)).size
      } catch {
        return 0
      }
    }
    return {
      ledger_rows: held,
      ledger_filter_p95_ms: filterP95,
      ledger_report_rows: report.rows,
      ledger_report_ms: reportMs,
      ledger_db_mb: (size(STORE_FILE) + size(`${STORE_FILE}-wal`)) / 1e6,
    }
  } finally {
    store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
