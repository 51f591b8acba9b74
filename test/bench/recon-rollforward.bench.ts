/**
 * The roll-forward report over a ledger of 100,000 movements: the last quarter's roll-forward, whose opening
 * balances add up every movement before it, its closings compared with provider balances (answered locally,
 * so the figure is the app's own work), and the report CSV. Key: recon_rollforward_ms (bound 1,000).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compareWithProvider } from '../../electron/core/history/balance-compare'
import { writeCsvFile } from '../../electron/core/csv/write'
import { ledgerCoverage } from '../../electron/core/history/ledger-coverage'
import { reconcile } from '../../electron/core/history/reconciliation'
import { reportCsvLines } from '../../electron/core/history/report-csv'
import { DeskStore } from '../../electron/core/store'
import type { Wallet } from '../../shared/api/resources'
import { fillBenchLedger } from '../harness/bench-ledger'

const ROWS = 100_000
const DAY = 86_400_000

export default async function reconRollForwardBench(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'recon-bench-'))
  const store = DeskStore.open(dir, 'test')
  try {
    const { ledger } = fillBenchLedger(store, ROWS)
    const to = ledgerCoverage(ledger.state())!.to
    const period = { from: new Date(to - 91 * DAY).toISOString(), to: new Date(to).toISOString() }
    const t0 = performance.now()
    const counts = reconcile(ledger, period)
    const report = await compareWithProvider(counts, async (id) => {
      const balances = counts.rollForward.rows
        .filter((r) => r.walletId === id)
        .map((r) => ({ asset: r.asset, network: r.network, amount: r.closing ?? '0', available: '0', usd_value: 0 }))
      return {
        id,
        name: id,
        status: 'active',
        address: '',
        deposit_addresses: [],
        networks: [],
        balances,
        total_usd: 0,
      } satisfies Wallet
    })
    await writeCsvFile(
      join(dir, 'report.csv'),
      reportCsvLines(report, {
        profile: 'bench',
        environment: 'sandbox',
        baseUrl: 'http://127.0.0.1:4010',
        generatedAt: new Date().toISOString(),
      }),
    )
    const ms = performance.now() - t0
    if (report.rollForward.openingUnknownBecause !== null)
      throw new Error('the bench ledger is complete: the opening must be known')
    return { recon_rollforward_ms: ms, recon_rollforward_rows: ROWS }
  } finally {
    store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
