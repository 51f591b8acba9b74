/**
 * Month-end close over a ledger of a million movements (CLOSE_BENCH_ROWS to iterate on fewer): `close prepare` of the
 * last whole month (its legs, blockers, roll-forward and provider check, the provider answered locally so the figure
 * is the app's own work), then `close lock` with FIFO cost basis, whose lots walk every movement up to the cutoff.
 * Keys: close_prepare_ms, close_lock_cost_basis_ms, close_bench_rows, close_period_legs.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lockClose, prepareClose, type CloseOptions } from '../../electron/core/close/use-cases'
import { DeskStore } from '../../electron/core/store'
import type { Wallet } from '../../shared/api/resources'
import { fillBenchLedger } from '../harness/bench-ledger'

const ROWS = Number(process.env.CLOSE_BENCH_ROWS ?? 1_000_000)

/** The month before the one holding `ms` (UTC), as YYYY-MM: the last month the ledger holds whole. */
function lastWholeMonth(ms: number): string {
  const d = new Date(ms)
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)
  return new Date(first).toISOString().slice(0, 7)
}

export default async function closeBench(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'close-bench-'))
  const store = DeskStore.open(dir, 'test')
  try {
    const { endMs } = fillBenchLedger(store, ROWS)
    const wallet = async (id: string): Promise<Wallet> => ({
      id,
      name: id,
      status: 'active',
      address: '',
      deposit_addresses: [],
      networks: [],
      balances: [],
      total_usd: 0,
    })
    const options: CloseOptions = {
      period: lastWholeMonth(endMs),
      wallets: (read) => read(wallet),
      profile: 'bench',
    }
    const t0 = performance.now()
    const prep = await prepareClose(store, options)
    const prepareMs = performance.now() - t0
    if (prep.blockers.some((b) => b.kind === 'unsynced')) throw new Error('the bench ledger covers the month')
    const t1 = performance.now()
    const pack = await lockClose(store, {
      ...options,
      by: 'bench',
      costBasis: true,
      acceptDifferences: { note: 'bench' },
    })
    const lockMs = performance.now() - t1
    const legs = pack.manifest.files.find((f) => f.name === 'movements-ledger.csv')!.rows
    return {
      close_prepare_ms: prepareMs,
      close_lock_cost_basis_ms: lockMs,
      close_bench_rows: ROWS,
      close_period_legs: legs,
    }
  } finally {
    store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
