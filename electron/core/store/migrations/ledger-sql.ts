/**
 * SQL the ledger steps (13, 16, 17) share, frozen as those steps wrote it: the ledger's code keeps its own copies
 * (store/ledger/), which may change with a later step; these never do.
 */

/** The SQL GLOB a lowercase UUID matches (step 13 packs those ids into 16 bytes). */
export const UUID_GLOB = '00000000-0000-0000-0000-000000000000'.replace(/0/g, '[0-9a-f]')

/** The SQL test of a text that is whole bytes of lowercase hex. */
export const bareHexSql = (column: string) =>
  `(length(${column}) > 0 AND length(${column}) % 2 = 0 AND ${column} NOT GLOB '*[^0-9a-f]*')`

/** The hash index's key from step 13 to 17: a packed hash's first 7 bytes, a text hash's first 12 characters. */
export const HASH_KEY_SQL_13 =
  `(CASE WHEN typeof(tx_hash) = 'blob' THEN substr(tx_hash, 1, 7) ELSE ` + `lower(substr(tx_hash, 1, 12)) END)`

/** The party on the far side of a leg from its wallet, as the counterparty index holds it (steps 16 and 17). */
export const COUNTERPARTY_SQL = "(CASE direction WHEN 'in' THEN from_party ELSE to_party END)"

/** What a second leg with a stored (id, direction) fails with, as the unique index said before step 16. */
const UNIQUE = 'UNIQUE constraint failed: ledger_legs.id, ledger_legs.direction'

/** The legs' triggers from step 16: each write counted (opening sums), (id, direction) kept unique by `idKeySql`. */
export const legTriggersSql = (idKeySql: (id: string) => string) => `
  CREATE TRIGGER ledger_legs_inserted AFTER INSERT ON ledger_legs BEGIN UPDATE ledger_state SET legs_written =
    legs_written + 1; END;
  CREATE TRIGGER ledger_legs_updated AFTER UPDATE ON ledger_legs BEGIN UPDATE ledger_state SET legs_written =
    legs_written + 1; END;
  CREATE TRIGGER ledger_legs_deleted AFTER DELETE ON ledger_legs BEGIN UPDATE ledger_state SET legs_written =
    legs_written + 1; END;
  CREATE TRIGGER ledger_legs_unique_insert BEFORE INSERT ON ledger_legs
    WHEN EXISTS (SELECT 1 FROM ledger_legs WHERE ${idKeySql('id')} = ${idKeySql('NEW.id')} AND id = NEW.id AND
      direction = NEW.direction)
    BEGIN SELECT RAISE(ABORT, '${UNIQUE}'); END;
  CREATE TRIGGER ledger_legs_unique_update BEFORE UPDATE OF id, direction ON ledger_legs
    WHEN EXISTS (SELECT 1 FROM ledger_legs WHERE ${idKeySql('id')} = ${idKeySql('NEW.id')} AND id = NEW.id AND
      direction = NEW.direction AND seq <> NEW.seq)
    BEGIN SELECT RAISE(ABORT, '${UNIQUE}'); END;
`
