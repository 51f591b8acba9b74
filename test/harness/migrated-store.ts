import { mkdtemp, rm } from 'node:fs/promises'
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DeskStore, MIGRATIONS, openDatabase, STORE_FILE } from '../../electron/core/store'
import { amountText } from '../../electron/core/store/ledger/ledger-amounts'

export interface MigratedStore<T> {
  store: DeskStore
  /** What `write` returned, read while the file was still at the old version. */
  written: T
  close(): Promise<void>
}

/**
 * A profile store as an older version left it: `write` fills the file at `version`, then the store opens and migrates
 * it.
 */
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
 * The raw statements versions 12 to 16 wrote the ledger with (the same table shape; what went into each column
 * changed): a party's number, made on first use, and the insert of one leg.
 */
export function oldLedgerStatements(db: DatabaseSync): {
  partyId(p: { name: string | null; address: string }): number
  put: StatementSync
} {
  db.prepare("INSERT INTO ledger_state (id, scope, complete) VALUES (1, 'test', 1)").run()
  const party = db.prepare(
    'INSERT INTO ledger_parties (key, name, address, search) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET key = key RETURNING id',
  )
  return {
    partyId: (p) =>
      (
        party.get(
          JSON.stringify([p.name, p.address]),
          p.name,
          p.address,
          `${p.name ?? ''} ${p.address}`.toLowerCase(),
        ) as { id: number }
      ).id,
    put: db.prepare(`INSERT INTO ledger_legs (id, direction, at_ms, created_at, wallet_id, asset, network, network_name, status, final, amount, fee, fee_asset,
    from_party, to_party, tx_hash, read_at_ms, bait) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
  }
}

/**
 * The legs and parties as stored, in the forms every version since 13 shares, whatever version the file is at: from
 * version 17 an amount is read back from its integer, a read time from its number, a party's search text from its
 * address when it has none of its own (migration 17). Words, ids and hashes stay packed as stored.
 */
export function storedLedger(db: DatabaseSync): { legs: unknown[]; parties: unknown[] } {
  const slim =
    db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'ledger_read_times'").get() !== undefined
  if (!slim)
    return {
      legs: db.prepare('SELECT * FROM ledger_legs ORDER BY seq').all(),
      parties: db.prepare('SELECT id, name, address, search FROM ledger_parties ORDER BY id').all(),
    }
  const times = new Map(
    (db.prepare('SELECT id, ms FROM ledger_read_times').all() as Array<{ id: number; ms: number }>).map((r) => [
      r.id,
      r.ms,
    ]),
  )
  const legs = (db.prepare('SELECT * FROM ledger_legs ORDER BY seq').all() as Array<Record<string, unknown>>).map(
    (l) => ({
      ...l,
      amount: amountText(l.amount),
      fee: amountText(l.fee),
      read_at_ms: typeof l.read_at_ms === 'number' ? times.get(l.read_at_ms) : l.read_at_ms,
    }),
  )
  return {
    legs,
    parties: db
      .prepare(
        "SELECT id, name, address, coalesce(search, ' ' || lower(address)) AS search FROM ledger_parties ORDER BY id",
      )
      .all(),
  }
}
