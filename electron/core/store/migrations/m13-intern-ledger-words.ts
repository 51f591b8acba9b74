import { bareHexSql, HASH_KEY_SQL_13, UUID_GLOB } from './ledger-sql'
import type { Migration } from './migration'

/**
 * The ledger's legs packed further (migration 13; at a million legs they were 436 MB, mostly repeated text):
 * - wallet ids, assets, networks, network names, statuses and fee assets are numbers into `ledger_words`
 * (store/ledger/ledger-words.ts);
 * - a lowercase UUID id is its 16 bytes, a lowercase hex tx hash its bytes behind a tag (store/ledger/ledger-keys.ts),
 *   in the table and in the indexes holding them;
 * - the hash index holds a packed hash's first 7 bytes (4 from migration 17) (its tag and 12 hex digits), or a text
 * hash's first 12 characters lower-cased.
 * A value of another type (a damaged leg) is kept as bytes or as it was, so reads still refuse it. Each leg reads back
 * as it did.
 */

const WORDS = ['wallet_id', 'asset', 'network', 'network_name', 'status', 'fee_asset'] as const

/**
 * A word column's number (INTEGER columns: node:sqlite binds a number as a real, which the affinity stores as an
 * integer).
 * Version 12's TEXT columns hold text, or bytes when damaged: bytes stay bytes, which the read refuses.
 */
const wordOf = (column: string) =>
  `CASE typeof(${column}) WHEN 'text' THEN (SELECT id FROM ledger_words WHERE word = ${column}) ELSE ${column} END`

const ID_SQL = `CASE WHEN typeof(id) = 'text' AND id GLOB '${UUID_GLOB}' THEN unhex(replace(id, '-', '')) ELSE id END`
const HASH_SQL = `CASE WHEN typeof(tx_hash) <> 'text' THEN tx_hash
  WHEN substr(tx_hash, 1, 2) = '0x' AND ${bareHexSql('substr(tx_hash, 3)')} THEN unhex('02' || substr(tx_hash, 3))
  WHEN ${bareHexSql('tx_hash')} THEN unhex('01' || tx_hash) ELSE tx_hash END`

const LEDGER_INTERNED_SQL = `
  CREATE TABLE ledger_words (id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE);
  INSERT INTO ledger_words (word) SELECT word FROM (${WORDS.map(
    (c) => `SELECT ${c} AS word FROM
    ledger_legs`,
  ).join(' UNION ')}) WHERE typeof(word) = 'text';
  CREATE TABLE ledger_legs_interned (
    seq INTEGER PRIMARY KEY, id NOT NULL, direction TEXT NOT NULL, at_ms INTEGER NOT NULL, created_at TEXT,
    wallet_id INTEGER, asset INTEGER NOT NULL, network INTEGER, network_name INTEGER, status INTEGER NOT NULL, final
      INTEGER NOT NULL,
    amount TEXT NOT NULL, fee TEXT, fee_asset INTEGER, from_party INTEGER NOT NULL REFERENCES ledger_parties(id),
    to_party INTEGER NOT NULL REFERENCES ledger_parties(id), tx_hash COLLATE NOCASE, read_at_ms INTEGER NOT NULL,
      bait INTEGER,
    UNIQUE (id, direction)
  );
  INSERT INTO ledger_legs_interned
    SELECT seq, ${ID_SQL}, direction, at_ms, created_at, ${WORDS.slice(0, 5).map(wordOf).join(', ')}, final, amount,
      fee, ${wordOf('fee_asset')}, from_party, to_party, ${HASH_SQL}, read_at_ms, bait
    FROM ledger_legs ORDER BY seq;
  DROP TABLE ledger_legs;
  ALTER TABLE ledger_legs_interned RENAME TO ledger_legs;
  CREATE INDEX ledger_legs_at ON ledger_legs(at_ms DESC);
  CREATE INDEX ledger_legs_wallet ON ledger_legs(wallet_id, at_ms DESC);
  CREATE INDEX ledger_legs_asset ON ledger_legs(asset, network, at_ms DESC);
  CREATE INDEX ledger_legs_from ON ledger_legs(from_party);
  CREATE INDEX ledger_legs_to ON ledger_legs(to_party);
  CREATE INDEX ledger_legs_hash ON ledger_legs(${HASH_KEY_SQL_13});
  CREATE INDEX ledger_legs_open ON ledger_legs(status) WHERE final = 0;
  CREATE INDEX ledger_legs_bait ON ledger_legs(bait, at_ms) WHERE bait IS NOT NULL;
  CREATE TRIGGER ledger_legs_inserted AFTER INSERT ON ledger_legs BEGIN UPDATE ledger_state SET legs_written =
    legs_written + 1; END;
  CREATE TRIGGER ledger_legs_updated AFTER UPDATE ON ledger_legs BEGIN UPDATE ledger_state SET legs_written =
    legs_written + 1; END;
  CREATE TRIGGER ledger_legs_deleted AFTER DELETE ON ledger_legs BEGIN UPDATE ledger_state SET legs_written =
    legs_written + 1; END;
`

export const m13: Migration = {
  version: 13,
  name: 'ledger: repeated words as numbers, ids and hex hashes as bytes',
  sql: LEDGER_INTERNED_SQL,
}
