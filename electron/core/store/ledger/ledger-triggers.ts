/** What a second leg with a stored (id, direction) fails with, as the unique index said before. */
const UNIQUE = 'UNIQUE constraint failed: ledger_legs.id, ledger_legs.direction'

/**
 * What every write to the legs does besides: counts itself (opening-sums.ts), and keeps (id, direction) unique by the
 * id index's key.
 */
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
