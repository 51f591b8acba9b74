/**
 * The history ledger at 5,000,000 movements: the Transactions screen's first painted rows (`ledger5m_open_ms`, bound
 * 150) and the p95 of combined filters with a text search (`ledger5m_filter_p95_ms`, bound 100), measured as the
 * 1,000,000-row benches measure them. Generating five million legs through the simulator would take minutes, so the
 * rows are made here, shaped like the bench ledger (six wallets, six balances each, moves between them, outside
 * parties,
 * fees, a few legs not final), and written newest first as a first sync writes them, with prepared inserts in a few
 * large transactions.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openLedger } from '../../electron/core/history/ledger-scope'
import { DeskStore, STORE_FILE, type LedgerRepo } from '../../electron/core/store'
import { packAmount } from '../../electron/core/store/ledger/ledger-amounts'
import { hashKey, idKey } from '../../electron/core/store/ledger/ledger-keys'
import { PARTY_SEARCH_SQL } from '../../electron/core/store/ledger/ledger-parties'
import { LedgerWords } from '../../electron/core/store/ledger/ledger-words'
import { benchWallets } from '../harness/bench-ledger'
import { ledgerOpenMs } from './ledger-open.bench'
import { ledgerFilterP95 } from './ledger-store.bench'

const ROWS = 5_000_000
const PER_TRANSACTION = 500_000
const OUTSIDERS = 400_000
const YEAR = 365 * 86_400_000
const NETWORK_NAMES: Record<string, string> = {
  'ethereum-sepolia': 'Ethereum Sepolia',
  'tron-nile': 'Tron Nile',
  'bitcoin-testnet': 'Bitcoin Testnet',
  'solana-devnet': 'Solana Devnet',
  'polygon-amoy': 'Polygon Amoy',
}
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function txHash(network: string): string {
  if (network === 'solana-devnet') return Array.from(randomBytes(88), (b) => BASE58[b % 58]).join('')
  const hex = randomBytes(32).toString('hex')
  return network === 'ethereum-sepolia' || network === 'polygon-amoy' ? `0x${hex}` : hex
}

/**
 * Two years of `ROWS` legs, newest first, straight into the ledger's tables (the page commit's per-leg work would take
 * minutes).
 */
function fill(store: DeskStore, ledger: LedgerRepo): number {
  const db = store.repo((d) => d)
  const wallets = benchWallets()
  // A party as the ledger stores it (migration 17): a search text only where it is not the address lower-cased.
  const party = db.prepare(
    `INSERT INTO ledger_parties (name, address, search) VALUES (?1, ?2, ${PARTY_SEARCH_SQL('?3', '?2')})`,
  )
  const addParty = (name: string | null, address: string) =>
    Number(party.run(name, address, `${name ?? ''} ${address}`.toLowerCase()).lastInsertRowid)
  // Repeated words and the read time as the ledger stores them: their numbers (ledger-words.ts).
  const words = new LedgerWords(db)
  const word = (text: string | null) => words.intern(text)
  // Each wallet's own side on each network, its deposit address there, listed for the text search (migration 16).
  const ownSide = db.prepare('INSERT INTO ledger_own_parties (id) VALUES (?)')
  const own = store.transaction('bench parties', () =>
    wallets.map((w) => {
      const parties = new Map(w.deposit_addresses.map((d) => [d.network, addParty(w.name, d.address)]))
      for (const party of parties.values()) ownSide.run(party)
      return parties
    }),
  )
  const outsiders = store.transaction('bench parties', () =>
    Array.from({ length: OUTSIDERS }, () => addParty(null, `0x${randomBytes(20).toString('hex')}`)),
  )
  const put =
    db.prepare(`INSERT INTO ledger_legs (id, direction, at_ms, created_at, wallet_id, asset, network, network_name, status, final,
    amount, fee, fee_asset, from_party, to_party, tx_hash, read_at_ms) VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const endMs = Date.now() - 60_000
  const readAt = store.transaction('bench load', () => words.times.intern(endMs))
  const step = (2 * YEAR) / ROWS
  const random = randomBytes(ROWS * 2)
  for (let start = 0; start < ROWS; start += PER_TRANSACTION) {
    store.transaction('bench load', () => {
      for (let i = start; i < Math.min(ROWS, start + PER_TRANSACTION); i++) {
        const r = random[2 * i]!
        const w = r % wallets.length
        const balance = wallets[w]!.balances[random[2 * i + 1]! % 6]!
        // As the simulator's generator: 15% moves to another own wallet, 43% deposits, the rest payouts.
        const move = r < 38
        const direction = move || r >= 148 ? 'out' : 'in'
        const status = i % 97 === 0 ? 'broadcasting' : i % 89 === 0 ? 'failed' : 'completed'
        const outsider = move
          ? own[(w + 1 + (r % 5)) % own.length]!.get(balance.network)!
          : outsiders[(i * 7919) % OUTSIDERS]!
        const mine = own[w]!.get(balance.network)!
        const [from, to] = direction === 'in' ? [outsider, mine] : [mine, outsider]
        const amount = `${r % 50}.${String((i * 31) % 1_000_000).padStart(6, '0')}`
        const fee = direction === 'out' ? '0.0001' : null
        put.run(
          idKey(randomUUID()),
          direction,
          Math.round(endMs - i * step),
          word(wallets[w]!.id),
          word(balance.asset),
          word(balance.network),
          word(NETWORK_NAMES[balance.network]!),
          word(status),
          status === 'broadcasting' ? 0 : 1,
          packAmount(amount),
          packAmount(fee),
          word(fee && balance.asset),
          from,
          to,
          hashKey(txHash(balance.network)),
          readAt,
        )
      }
    })
  }
  const walk = {
    after: null,
    before: null,
    cursor: null,
    newest: endMs,
    oldest: endMs - 2 * YEAR,
    pages: 1,
    rows: ROWS,
    startedAt: endMs,
  }
  store.transaction('bench load', () => ledger.commitPage([], walk, true, endMs, endMs + 60_000))
  ledger.optimize()
  return endMs
}

export default async function ledger5mBench(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'ledger5m-bench-'))
  const store = DeskStore.open(dir, 'test')
  try {
    const { ledger } = openLedger(store, 'http://127.0.0.1:4010', 'bench-key')
    const t0 = performance.now()
    fill(store, ledger)
    const fillS = (performance.now() - t0) / 1000
    const filterP95 = ledgerFilterP95(ledger)
    const openMs = await ledgerOpenMs(store, ledger)
    const rows = ledger.summary().rows
    store.close()
    const size = (f: string) => {
      try {
        return statSync(join(dir, f)).size
      } catch {
        return 0
      }
    }
    return {
      ledger5m_rows: rows,
      ledger5m_open_ms: openMs,
      ledger5m_filter_p95_ms: filterP95,
      ledger5m_db_mb: (size(STORE_FILE) + size(`${STORE_FILE}-wal`)) / 1e6,
      ledger5m_fill_s: fillS,
    }
  } finally {
    store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
