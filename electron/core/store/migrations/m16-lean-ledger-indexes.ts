import { COUNTERPARTY_SQL, HASH_KEY_SQL_13, legTriggersSql } from './ledger-sql'
import type { Migration } from './migration'

/**
 * The ledger's indexes in less space (migration 16; at a million legs they were 131 of 285 MB):
 * - the unique (id, direction) index, a second copy of every 16-byte id, becomes the index of 8 of a packed id's bytes
 *   (a text id whole, ledger-keys.ts): a lookup checks the whole id and direction on the leg, and triggers keep
 *   (id, direction) unique whatever writes;
 * - the from and to indexes become one index of the counterparty: `from` on an incoming leg, `to` on any other. The
 *   wallet's own side is a few parties with many legs each, which a text search walks rather than looks up: such
 *   parties are listed in `ledger_own_parties` once a leg names them on that side.
 * The legs are copied column for column in their order: each reads back as it did.
 */

/** The id index's key from step 16 to 17: a packed id's first and last 4 bytes, a text id whole. */
const ID_KEY_SQL_16 = (id: string) =>
  `(CASE WHEN typeof(${id}) = 'blob' THEN CAST(substr(${id}, 1, 4) || substr(${id}, 13, 4) AS BLOB) ELSE ${id} END)`

const OWN_SIDE_SQL = "(CASE direction WHEN 'in' THEN to_party ELSE from_party END)"

const COLUMNS =
  'seq, id, direction, at_ms, created_at, wallet_id, asset, network, network_name, status, final, amount, fee, ' +
  'fee_asset, from_party, to_party, tx_hash, read_at_ms, bait'

const LEDGER_LEAN_SQL = `
  CREATE TABLE ledger_legs_lean (
    seq INTEGER PRIMARY KEY, id NOT NULL, direction TEXT NOT NULL, at_ms INTEGER NOT NULL, created_at TEXT,
    wallet_id INTEGER, asset INTEGER NOT NULL, network INTEGER, network_name INTEGER, status INTEGER NOT NULL, final
      INTEGER NOT NULL,
    amount TEXT NOT NULL, fee TEXT, fee_asset INTEGER, from_party INTEGER NOT NULL REFERENCES ledger_parties(id),
    to_party INTEGER NOT NULL REFERENCES ledger_parties(id), tx_hash COLLATE NOCASE, read_at_ms INTEGER NOT NULL,
      bait INTEGER
  );
  INSERT INTO ledger_legs_lean (${COLUMNS}) SELECT ${COLUMNS} FROM ledger_legs ORDER BY seq;
  DROP TABLE ledger_legs;
  ALTER TABLE ledger_legs_lean RENAME TO ledger_legs;
  CREATE INDEX ledger_legs_id ON ledger_legs(${ID_KEY_SQL_16('id')});
  CREATE INDEX ledger_legs_at ON ledger_legs(at_ms DESC);
  CREATE INDEX ledger_legs_wallet ON ledger_legs(wallet_id, at_ms DESC);
  CREATE INDEX ledger_legs_asset ON ledger_legs(asset, network, at_ms DESC);
  CREATE INDEX ledger_legs_counterparty ON ledger_legs(${COUNTERPARTY_SQL});
  CREATE INDEX ledger_legs_hash ON ledger_legs(${HASH_KEY_SQL_13});
  CREATE INDEX ledger_legs_open ON ledger_legs(status) WHERE final = 0;
  CREATE INDEX ledger_legs_bait ON ledger_legs(bait, at_ms) WHERE bait IS NOT NULL;
  ${legTriggersSql(ID_KEY_SQL_16)}
  CREATE TABLE ledger_own_parties (id INTEGER PRIMARY KEY REFERENCES ledger_parties(id));
  INSERT INTO ledger_own_parties (id) SELECT DISTINCT ${OWN_SIDE_SQL} FROM ledger_legs;
`

export const m16: Migration = {
  version: 16,
  name:
    "ledger: an index of each id's first bytes instead of a unique copy of (id, direction), one " +
    'counterparty index instead of from and to',
  sql: LEDGER_LEAN_SQL,
}
