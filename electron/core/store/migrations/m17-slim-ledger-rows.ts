import type { DatabaseSync } from 'node:sqlite'
import { COUNTERPARTY_SQL, legTriggersSql } from './ledger-sql'
import type { Migration } from './migration'

/**
 * The ledger in less space (migration 17; at a million legs the file was 261 MB):
 * - one time index holding each leg's wallet and asset instead of three time indexes: a filter by wallet or asset walks
 * it
 *   newest first and reads the leg only when the index entry matches;
 * - amounts and fees as integers (store/ledger/ledger-amounts.ts reads them), read times by number;
 * - shorter index keys: an id's first and last 2 bytes (ledger-keys.ts), a packed hash's tag and first 3 bytes
 * (migration 13);
 * - a party is its name and address: no JSON key with its unique index (the address index finds a party), and a search
 *   text only where it is not the address lower-cased (a name, or letters SQL's lower() leaves alone).
 * Every value reads back as it did; a damaged one stays as it was, so reads still refuse it.
 * The pages the old tables held go back to the disk right after the migration (compaction.ts).
 */

/** The `meta` row asking the next open to give the freed pages back (store/compaction.ts reads it). */
const COMPACT_DUE = 'compact_due'

/** A party's search text, kept only where it is not the address lower-cased. */
const PARTY_SEARCH_SQL = (search: string, address: string) =>
  `CASE WHEN ${search} = ' ' || lower(${address}) THEN NULL ELSE ${search} END`

/** The id index's key from this step: a packed id's first 2 and last 2 bytes, a text id whole. */
const ID_KEY_SQL = (id: string) =>
  `(CASE WHEN typeof(${id}) = 'blob' THEN CAST(substr(${id}, 1, 2) || substr(${id}, 15, ` +
  `2) AS BLOB) ELSE ${id} END)`

/** The hash index's key from this step: a packed hash's tag and first 3 bytes, a text hash's first 12 characters. */
const HASH_KEY_SQL =
  `(CASE WHEN typeof(tx_hash) = 'blob' THEN substr(tx_hash, 1, 4) ` + `ELSE lower(substr(tx_hash, 1, 12)) END)`

/** A decimal as the API wrote it when this step ran: digits, an optional fraction, no sign, no exponent. */
const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/
/** Digits after the point a packed amount holds (the low 5 bits), and the largest digit string it holds. */
const SCALES = 32
const MAX_DIGITS = BigInt(Math.floor(Number.MAX_SAFE_INTEGER / SCALES))

/** A decimal text as one integer: its digits without the point times 32 plus its digits after the point. */
function packAmount(amount: unknown): unknown {
  if (typeof amount !== 'string' || !DECIMAL.test(amount)) return amount
  const point = amount.indexOf('.')
  const scale = point < 0 ? 0 : amount.length - point - 1
  const digits = point < 0 ? amount : amount.slice(0, point) + amount.slice(point + 1)
  const mantissa = BigInt(digits)
  if (scale >= SCALES || mantissa > MAX_DIGITS) return amount
  return mantissa * BigInt(SCALES) + BigInt(scale)
}

const PACKED = (column: string) =>
  `CASE typeof(${column}) WHEN 'text' THEN desk_pack_amount(${column}) ELSE ${column} END`
const READ_AT =
  `CASE typeof(read_at_ms) WHEN 'integer' THEN (SELECT id FROM ledger_read_times WHERE ms = ` +
  `read_at_ms) ELSE read_at_ms END`
const SAME = 'seq, id, direction, at_ms, created_at, wallet_id, asset, network, network_name, status, final'

const LEDGER_SLIM_SQL = `
  CREATE TABLE ledger_parties_slim (id INTEGER PRIMARY KEY, name TEXT, address TEXT NOT NULL, search TEXT);
  INSERT INTO ledger_parties_slim (id, name, address, search) SELECT id, name,
    address, ${PARTY_SEARCH_SQL('search', 'address')} FROM ledger_parties ORDER BY id;
  CREATE TABLE ledger_read_times (id INTEGER PRIMARY KEY, ms INTEGER NOT NULL UNIQUE);
  INSERT INTO ledger_read_times (ms) SELECT DISTINCT read_at_ms FROM ledger_legs WHERE typeof(read_at_ms) =
    'integer' ORDER BY 1;
  CREATE TABLE ledger_legs_slim (
    seq INTEGER PRIMARY KEY, id NOT NULL, direction TEXT NOT NULL, at_ms INTEGER NOT NULL, created_at TEXT,
    wallet_id INTEGER, asset INTEGER NOT NULL, network INTEGER, network_name INTEGER, status INTEGER NOT NULL, final
      INTEGER NOT NULL,
    amount NOT NULL, fee, fee_asset INTEGER, from_party INTEGER NOT NULL REFERENCES ledger_parties_slim(id),
    to_party INTEGER NOT NULL REFERENCES ledger_parties_slim(id), tx_hash COLLATE NOCASE, read_at_ms INTEGER NOT
      NULL, bait INTEGER
  );
  INSERT INTO ledger_legs_slim (${SAME}, amount, fee, fee_asset, from_party, to_party, tx_hash, read_at_ms, bait)
    SELECT ${SAME}, ${PACKED('amount')}, ${PACKED('fee')}, fee_asset, from_party, to_party, tx_hash, ${READ_AT},
      bait FROM ledger_legs ORDER BY seq;
  CREATE TABLE ledger_own_parties_slim (id INTEGER PRIMARY KEY REFERENCES ledger_parties_slim(id));
  INSERT INTO ledger_own_parties_slim (id) SELECT id FROM ledger_own_parties;
  DROP TABLE ledger_legs;
  DROP TABLE ledger_own_parties;
  DROP TABLE ledger_parties;
  ALTER TABLE ledger_parties_slim RENAME TO ledger_parties;
  ALTER TABLE ledger_legs_slim RENAME TO ledger_legs;
  ALTER TABLE ledger_own_parties_slim RENAME TO ledger_own_parties;
  CREATE INDEX ledger_parties_address ON ledger_parties(lower(address));
  CREATE INDEX ledger_parties_search ON ledger_parties(search) WHERE search IS NOT NULL;
  CREATE INDEX ledger_legs_id ON ledger_legs(${ID_KEY_SQL('id')});
  CREATE INDEX ledger_legs_at ON ledger_legs(at_ms DESC, wallet_id, asset);
  CREATE INDEX ledger_legs_counterparty ON ledger_legs(${COUNTERPARTY_SQL});
  CREATE INDEX ledger_legs_hash ON ledger_legs(${HASH_KEY_SQL});
  CREATE INDEX ledger_legs_open ON ledger_legs(status) WHERE final = 0;
  CREATE INDEX ledger_legs_bait ON ledger_legs(bait, at_ms) WHERE bait IS NOT NULL;
  ${legTriggersSql(ID_KEY_SQL)}
  INSERT INTO meta (name, value) SELECT '${COMPACT_DUE}', 'ledger' WHERE EXISTS (SELECT 1 FROM ledger_legs) ON
    CONFLICT (name) DO NOTHING;
`

/** The copy packs amounts with the rule above, run as an SQL function. */
function slimLedger(db: DatabaseSync): void {
  db.function(
    'desk_pack_amount',
    { deterministic: true, directOnly: true },
    (amount) => packAmount(amount) as bigint | string,
  )
  db.exec(LEDGER_SLIM_SQL)
}

export const m17: Migration = {
  version: 17,
  name:
    'ledger: one time index with wallet and asset, amounts as integers, read times by number, parties ' +
    'without a second copy of their address',
  sql: '',
  after: slimLedger,
}
