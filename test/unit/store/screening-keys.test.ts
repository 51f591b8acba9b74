import { afterEach, expect, it } from 'vitest'
import { screeningRepo } from '../../../electron/core/store'
import { storeFromVersion, type MigratedStore } from '../../harness/migrated-store'

let migrated: MigratedStore<void> | null = null
afterEach(async () => {
  await migrated?.close()
  migrated = null
})

const EVM = '0x8589427373d6d84e98730d7795d8f6f8731fda16'

it('entries a list stored under their spelling (0X, capitals, spaces, a zero-width space) refuse their address', async () => {
  migrated = await storeFromVersion(26, (db) => {
    db.prepare(
      "INSERT INTO screening_lists (id, name, source, published, imported_at, addresses) VALUES (1, 'Old', 'old.xml', " +
        "null, '2026-11-01T00:00:00.000Z', 3)",
    ).run()
    const put = db.prepare(
      'INSERT INTO screening_addresses (address_key, list_id, address, currency, entry) VALUES (?, 1, ?, ?, ?)',
    )
    const upper = `0X${EVM.slice(2).toUpperCase()}`
    put.run(upper, upper, 'ETH', 'SDN 1')
    put.run(`${EVM}\u200b`, `${EVM}\u200b`, 'ETH', 'SDN 2')
    put.run(`${EVM.slice(0, 9)} ${EVM.slice(9)}`, `${EVM.slice(0, 9)} ${EVM.slice(9)}`, 'XBT', 'SDN 3')
  })
  const hits = migrated.store.read('read', () => migrated!.store.repo(screeningRepo).hits(EVM))
  expect(hits.map((h) => [h.entry, h.currency]).sort()).toEqual([
    ['SDN 1', 'ETH'],
    ['SDN 3', 'XBT'],
  ])
})
