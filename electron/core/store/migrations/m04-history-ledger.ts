import type { Migration } from './migration'

export const m04: Migration = {
  version: 4,
  name: 'history ledger: legs by (id, direction), parties, sync state, legs not final',
  sql: `
      CREATE TABLE ledger_state (
        id INTEGER PRIMARY KEY CHECK (id = 1), scope TEXT NOT NULL, complete INTEGER NOT NULL DEFAULT 0,
        high_water_ms INTEGER, synced_at_ms INTEGER, walk TEXT, last_error TEXT, last_attempt_ms INTEGER
      );
      CREATE TABLE ledger_parties (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, name TEXT, address TEXT NOT
        NULL, search TEXT NOT NULL);
      CREATE TABLE ledger_legs (
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL, direction TEXT NOT NULL, at_ms INTEGER NOT NULL, created_at TEXT
          NOT NULL,
        wallet_id TEXT, asset TEXT NOT NULL, network TEXT, network_name TEXT,
        status TEXT NOT NULL, final INTEGER NOT NULL, amount TEXT NOT NULL, amount_key TEXT NOT NULL,
        fee TEXT, fee_asset TEXT, from_party INTEGER NOT NULL REFERENCES ledger_parties(id),
        to_party INTEGER NOT NULL REFERENCES ledger_parties(id), tx_hash TEXT COLLATE NOCASE, read_at_ms INTEGER NOT
          NULL,
        UNIQUE (id, direction)
      );
      CREATE INDEX ledger_legs_at ON ledger_legs(at_ms);
      CREATE INDEX ledger_legs_wallet ON ledger_legs(wallet_id, at_ms);
      CREATE INDEX ledger_legs_asset ON ledger_legs(asset, network, at_ms);
      CREATE INDEX ledger_legs_from ON ledger_legs(from_party);
      CREATE INDEX ledger_legs_to ON ledger_legs(to_party);
      CREATE INDEX ledger_legs_hash ON ledger_legs(tx_hash);
      CREATE INDEX ledger_legs_open ON ledger_legs(status) WHERE final = 0;
      CREATE TABLE ledger_pending (id TEXT PRIMARY KEY, attempts INTEGER NOT NULL, next_check_ms INTEGER NOT NULL);
    `,
}
