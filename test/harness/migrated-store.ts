import { mkdtemp, rm } from 'node:fs/promises'
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DeskStore, MIGRATIONS, openDatabase, STORE_FILE } from '../../electron/core/store'

export interface MigratedStore<T> {
  store: DeskStore
  /** What `write` returned, read while the file was still at the old version. */
  written: T
  close(): Promise<void>
}

/** A profile store as an older version left it: `write` fills the file at `version`, then the store opens and migrates it. */
export async function storeFromVersion<T>(version: number, write: (db: DatabaseSync) => T): Promise<MigratedStore<T>> {
  const dir = await mkdtemp(join(tmpdir(), `store-v${version}-`))
  const old = openDatabase(
    join(dir, STORE_FILE),
    MIGRATIONS.filter((m) => m.version <= version),
  )
  const written = write(old)
  old.close()
  const store = DeskStore.open(dir, 'test')
  return {
    store,
    written,
    async close() {
      store.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/**
 * The raw statements versions 12 to 15 wrote the ledger with (the same table shape; what went into each column
 * changed): a party's number, made on first use, and the insert of one leg.
 */
export function oldLedgerStatements(db: DatabaseSync): { partyId(p: { name: string | null; address: string }): number; put: StatementSync } {
  db.prepare("INSERT INTO ledger_state (id, scope, complete) VALUES (1, 'test', 1)").run()
  const party = db.prepare('INSERT INTO ledger_parties (key, name, address, search) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET key = key RETURNING id')
  return {
    partyId: (p) => (party.get(JSON.stringify([p.name, p.address]), p.name, p.address, `${p.name ?? ''} ${p.address}`.toLowerCase()) as { id: number }).id,
    put: db.prepare(`INSERT INTO ledger_legs (id, direction, at_ms, created_at, wallet_id, asset, network, network_name, status, final, amount, fee, fee_asset,
    from_party, to_party, tx_hash, read_at_ms, bait) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
  }
}
