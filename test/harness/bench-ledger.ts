import { openLedger } from '../../electron/core/history/ledger-scope'
import type { DeskStore, LedgerRepo, Walk } from '../../electron/core/store'
import { legView } from '../../electron/simulator/api/transactions'
import { makeAddress } from '../../electron/simulator/chain-formats'
import { generateHistory } from '../../electron/simulator/data/history-generator'
import { compareLegs } from '../../electron/simulator/environment'
import { seededRandom } from '../../electron/simulator/random-source'
import type { BalanceRecord, WalletRecord } from '../../electron/simulator/types'

const CHUNK = 20_000
const DAY = 86_400_000

function balance(asset: string, network: string, decimals: number): BalanceRecord {
  return { asset, network, opening_amount: '1000000', opening_available: '1000000', decimals, usd_price: 1 }
}

const NETWORKS = ['ethereum-sepolia', 'tron-nile', 'bitcoin-testnet', 'solana-devnet', 'polygon-amoy']

/**
 * Six wallets with six balances each, on five networks: what the benchmark's history moves between. Each has a deposit
 * address per network, as the provider's wallets do, so its own side of a leg (and a move between wallets) has one.
 */
export function benchWallets(): WalletRecord[] {
  const names = ['Treasury', 'Payroll', 'Exchange float', 'Cold reserve', 'Ops', 'Market making']
  const source = seededRandom(41)
  return names.map((name, i) => ({
    id: `wal-bench-${i}`,
    workspace_id: 'ws-bench',
    name,
    deposit_addresses: NETWORKS.map((network) => ({ network, address: makeAddress(network, source) })),
    unreadable: false,
    balances: [
      balance('USDC', 'ethereum-sepolia', 6),
      balance('ETH', 'ethereum-sepolia', 18),
      balance('USDT', 'tron-nile', 6),
      balance('BTC', 'bitcoin-testnet', 8),
      balance('SOL', 'solana-devnet', 9),
      balance('USDC', 'polygon-amoy', 6),
    ],
  }))
}

/**
 * A year of `rows` ledger rows from the simulator's own history generator, entering the ledger through the same page
 * commit a first sync uses (newest first, in large pages to load quickly). Returns the ledger and its newest instant.
 */
export function fillBenchLedger(
  store: DeskStore,
  rows: number,
  all = benchWallets(),
): { ledger: LedgerRepo; endMs: number } {
  const { ledger } = openLedger(store, 'http://127.0.0.1:4010', 'bench-key')
  const source = seededRandom(14)
  const outside = new Map<string, string[]>()
  const endMs = Date.now() - 60_000
  const startedAt = Date.now()
  let held = 0
  let walk: Walk = { after: null, before: null, cursor: null, newest: null, oldest: null, pages: 0, rows: 0, startedAt }
  const slices = Math.ceil(rows / CHUNK)
  for (let s = 0; held < rows; s++) {
    const sliceEnd = endMs - (s * 365 * DAY) / slices
    const legs = generateHistory({
      count: Math.ceil(CHUNK / 1.15),
      wallets: all,
      moveTargets: all,
      source,
      endMs: sliceEnd,
      spanMs: (365 * DAY) / slices,
      outsideAddresses: outside,
    })
      .slice(0, rows - held)
      // The provider pages newest first, so a sync writes each page in that order.
      .sort(compareLegs)
      .map(legView)
    held += legs.length
    const times = legs.map((l) => Date.parse(l.created_at))
    walk = {
      ...walk,
      newest: Math.max(walk.newest ?? 0, ...times),
      oldest: Math.min(walk.oldest ?? Infinity, ...times),
      pages: walk.pages + 1,
      rows: held,
    }
    store.transaction('bench load', () => ledger.commitPage(legs, walk, held >= rows, Date.now(), Date.now() + 60_000))
  }
  ledger.optimize()
  return { ledger, endMs }
}
