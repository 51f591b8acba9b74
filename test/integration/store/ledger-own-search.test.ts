import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeskStore, type LedgerRepo } from '../../../electron/core/store'
import type { LedgerFilter, LedgerRow } from '../../../shared/api/ledger-query'
import { benchWallets, fillBenchLedger } from '../../harness/bench-ledger'

// A search for a wallet's own address (or its name) matches most of that wallet's legs and its moves with the other
// wallets: the page walks those by wallet or asset index (ledger-own-sides.ts). It must find exactly what a reading of
// every leg finds, in order, across pages.
const wallets = benchWallets()
const [treasury, payroll] = [wallets[0]!, wallets[1]!]
const address = (w: typeof treasury, network: string) => w.deposit_addresses.find((d) => d.network === network)!.address
// One address on two networks, as an EVM wallet has: the same party is its own side on both.
treasury.deposit_addresses.find((d) => d.network === 'polygon-amoy')!.address = address(treasury, 'ethereum-sepolia')

let dir: string
let store: DeskStore
let ledger: LedgerRepo
let all: LedgerRow[]

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-own-search-'))
  store = DeskStore.open(dir, 'test')
  ledger = fillBenchLedger(store, 6_000, wallets).ledger
  all = [...ledger.rows({})].reverse()
})

afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** What the filter holds by reading every leg (newest first), for the filters these cases use. */
function byReading(f: LedgerFilter): string[] {
  const needle = f.text!.toLowerCase()
  const holds = (s: string | null) => (s ?? '').toLowerCase().includes(needle)
  return all
    .filter(
      (r) =>
        holds(r.from.name) ||
        holds(r.from.address) ||
        holds(r.to.name) ||
        holds(r.to.address) ||
        (r.tx_hash ?? '').toLowerCase().startsWith(needle) ||
        r.id.startsWith(needle),
    )
    .filter(
      (r) =>
        (f.walletId === undefined || r.wallet_id === f.walletId) &&
        (f.asset === undefined || r.asset === f.asset) &&
        (f.network === undefined || r.network === f.network),
    )
    .filter((r) => f.direction === undefined || r.direction === f.direction)
    .map((r) => `${r.id} ${r.direction}`)
}

/** Every page of the filter, 100 rows at a time, as the screen scrolls. */
function byPages(f: LedgerFilter): string[] {
  const found: string[] = []
  let after: Parameters<LedgerRepo['page']>[1]
  do {
    const page = ledger.page(f, after, 100)
    found.push(...page.rows.map((r) => `${r.id} ${r.direction}`))
    after = page.next ?? undefined
  } while (after)
  return found
}

describe('a search for an own address or name', () => {
  const evm = address(treasury, 'ethereum-sepolia')
  const cases: Array<[string, LedgerFilter]> = [
    ["a wallet's address alone", { text: evm.slice(-10) }],
    ['with an asset it carries on two networks', { text: evm.slice(2, 14), asset: 'USDC' }],
    ['with an asset its network never carried', { text: address(payroll, 'tron-nile').slice(-10), asset: 'USDC' }],
    ["with another wallet: that wallet's moves with it", { text: evm.slice(-10), walletId: payroll.id }],
    ['with its network and a direction', { text: evm.slice(-10), network: 'polygon-amoy', direction: 'in' }],
    ["a wallet's name and a direction", { text: 'payroll', walletId: treasury.id, direction: 'out' }],
  ]
  it.each(cases)('%s finds what reading every leg finds, newest first', (_, filter) => {
    const expected = byReading(filter)
    expect(byPages(filter)).toEqual(expected)
  })

  it('the cases are not empty where they should not be', () => {
    expect(byReading(cases[1]![1]).length).toBeGreaterThan(100)
    expect(byReading(cases[3]![1]).length).toBeGreaterThan(0)
    expect(byReading(cases[2]![1])).toEqual([])
  })
})
