import type { Migration } from './migration'

const OPENING_SUMS_SQL = `
  CREATE TABLE ledger_opening_months (
    wallet TEXT NOT NULL, asset TEXT NOT NULL, network TEXT NOT NULL, month_ms INTEGER NOT NULL,
    net TEXT NOT NULL, legs INTEGER NOT NULL, PRIMARY KEY (wallet, asset, network, month_ms)
  ) WITHOUT ROWID;
  -- Stale from the start: only a recount that succeeds makes the sums count (an empty table is not a zero balance).
  ALTER TABLE ledger_state ADD COLUMN legs_written INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE ledger_state ADD COLUMN sums_written INTEGER NOT NULL DEFAULT 0;
  CREATE TRIGGER ledger_legs_inserted AFTER INSERT ON ledger_legs BEGIN UPDATE ledger_state SET legs_written =
    legs_written + 1; END;
  CREATE TRIGGER ledger_legs_updated AFTER UPDATE ON ledger_legs BEGIN UPDATE ledger_state SET legs_written =
    legs_written + 1; END;
  CREATE TRIGGER ledger_legs_deleted AFTER DELETE ON ledger_legs BEGIN UPDATE ledger_state SET legs_written =
    legs_written + 1; END;
`

/**
 * The ledger's legs in less space (migration 6; at a million legs the table and its indexes were most of 600 MB):
 * - `created_at` is kept only when it is not the ISO 8601 form of `at_ms` (the provider's usual form): reads rebuild
 * it;
 * - `amount_key` is gone: an amount filter computes the key of the legs it meets (no index ever used it);
 * - the time indexes run newest first, the order a first sync writes in, so its pages fill instead of splitting in
 * half;
 * - the hash index holds the first 12 characters lower-cased: a prefix search checks the rest on the leg.
 * Each leg reads back as it did.
 */

/** The indexed start of a tx hash until migration 13: a search's needle was cut to as many characters. */
const HASH_KEY_LENGTH = 12
const HASH_KEY_SQL = `lower(substr(tx_hash, 1, ${HASH_KEY_LENGTH}))`

const LEDGER_COMPACT_SQL = `
  CREATE TABLE ledger_legs_compact (
    seq INTEGER PRIMARY KEY, id TEXT NOT NULL, direction TEXT NOT NULL, at_ms INTEGER NOT NULL, created_at TEXT,
    wallet_id TEXT, asset TEXT NOT NULL, network TEXT, network_name TEXT,
    status TEXT NOT NULL, final INTEGER NOT NULL, amount TEXT NOT NULL,
    fee TEXT, fee_asset TEXT, from_party INTEGER NOT NULL REFERENCES ledger_parties(id),
    to_party INTEGER NOT NULL REFERENCES ledger_parties(id), tx_hash TEXT COLLATE NOCASE, read_at_ms INTEGER NOT NULL,
    UNIQUE (id, direction)
  );
  INSERT INTO ledger_legs_compact
    SELECT seq, id, direction, at_ms, NULLIF(created_at, strftime('%Y-%m-%dT%H:%M:%fZ', at_ms / 1000.0,
      'unixepoch')), wallet_id, asset, network,
      network_name, status, final, amount, fee, fee_asset, from_party, to_party, tx_hash, read_at_ms
    FROM ledger_legs ORDER BY seq;
  DROP TABLE ledger_legs;
  ALTER TABLE ledger_legs_compact RENAME TO ledger_legs;
  CREATE INDEX ledger_legs_at ON ledger_legs(at_ms DESC);
  CREATE INDEX ledger_legs_wallet ON ledger_legs(wallet_id, at_ms DESC);
  CREATE INDEX ledger_legs_asset ON ledger_legs(asset, network, at_ms DESC);
  CREATE INDEX ledger_legs_from ON ledger_legs(from_party);
  CREATE INDEX ledger_legs_to ON ledger_legs(to_party);
  CREATE INDEX ledger_legs_hash ON ledger_legs(${HASH_KEY_SQL});
  CREATE INDEX ledger_legs_open ON ledger_legs(status) WHERE final = 0;
`

export const m06: Migration = {
  version: 6,
  name: 'ledger: legs in less space; monthly opening sums per wallet, asset and network, kept with every write',
  // The sums are counted by step 7, once the legs have their last column; until then they are stale.
  sql: LEDGER_COMPACT_SQL + OPENING_SUMS_SQL,
}
