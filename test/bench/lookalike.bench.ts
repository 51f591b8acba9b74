/**
 * `lookalike_check_ms`: p95 of checking one new destination against the known-address index holding 1,000,000 ledger
 * counterparties and a destination book of 10,000, as a destination is checked: the book just read from the provider
 * (unchanged here; the provider's answer itself is not timed) is noted, then the index is looked up.
 * `lookalike_book_refresh_ms`: p95 of the first of those two steps alone. `lookalike_index_mb`: the index's table on
 * disk (dbstat; its primary key is the lookup).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { Counterparty } from '../../shared/api/resources'
import { checkIndex, findLookalikes, noteProviderLists } from '../../electron/core/destinations/lookalike-guard'
import { DeskStore, knownAddresses, STORE_FILE, type NewKnownAddress } from '../../electron/core/store'

const LEDGER = 1_000_000
const BOOK = 10_000
const CHECKS = 1_000
const NETWORKS = ['ethereum-sepolia', 'polygon-amoy', 'ethereum', 'polygon']

const evm = () => `0x${randomBytes(20).toString('hex')}`

function destination(i: number): Counterparty {
  return {
    id: `cp-${i}`,
    label: `Destination ${i}`,
    network: NETWORKS[i % NETWORKS.length]!,
    network_name: 'x',
    address: evm(),
    direction: 'send',
    status: 'verified',
    can_send: true,
    verified_at: '2026-01-01T00:00:00.000Z',
    counterparty_type: 'company',
    company_name: 'x',
    wallet_type: 'unhosted',
    country: 'DE',
    created_at: '2026-01-01T00:00:00.000Z',
  }
}

export default async function lookalikeBench(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'lookalike-bench-'))
  const store = DeskStore.open(dir, 'test')
  try {
    const index = store.repo(knownAddresses)
    for (let done = 0; done < LEDGER; done += 50_000) {
      const chunk: NewKnownAddress[] = []
      for (let i = done; i < done + 50_000; i++)
        chunk.push({
          network: NETWORKS[i % NETWORKS.length]!,
          address: evm(),
          source: 'ledger',
          label: null,
          seenAt: '2026-01-01T00:00:00.000Z',
        })
      store.transaction('fill', () => index.note(chunk))
    }
    const book = Array.from({ length: BOOK }, (_, i) => destination(i))
    const client = { listCounterparties: async () => book, listWallets: async () => [] }
    await findLookalikes(store, client, NETWORKS[0]!, evm()) // the first check notes the whole book once
    const times: number[] = []
    const refreshes: number[] = []
    let found = 0
    for (let i = 0; i < CHECKS; i++) {
      // Half the checks are look-alikes of a book entry, half fresh addresses.
      const target = book[i % BOOK]!
      const address =
        i % 2 === 0
          ? `${target.address.slice(0, 6)}${randomBytes(16).toString('hex')}${target.address.slice(-4)}`
          : evm()
      const started = performance.now()
      noteProviderLists(store, book, [])
      const refreshed = performance.now()
      found += checkIndex(store, target.network, address).length
      times.push(performance.now() - started)
      refreshes.push(refreshed - started)
    }
    if (found < CHECKS / 2) throw new Error(`expected every planted look-alike to be found; found ${found}`)
    times.sort((a, b) => a - b)
    refreshes.sort((a, b) => a - b)
    const raw = new DatabaseSync(join(dir, STORE_FILE), { readOnly: true })
    const bytes = (
      raw.prepare("SELECT SUM(pgsize) AS b FROM dbstat WHERE name = 'known_addresses'").get() as { b: number }
    ).b
    raw.close()
    return {
      lookalike_check_ms: times[Math.floor(times.length * 0.95)]!,
      lookalike_book_refresh_ms: refreshes[Math.floor(refreshes.length * 0.95)]!,
      lookalike_index_mb: bytes / 1_048_576,
    }
  } finally {
    store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
