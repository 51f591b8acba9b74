import type { Migration } from './migration'

const PAYEE_CONFIRMATIONS_SQL = `
  CREATE TABLE payee_confirmations (
    destination_id TEXT PRIMARY KEY, confirmed_by TEXT NOT NULL, channel TEXT NOT NULL, note TEXT NOT NULL,
    confirmed_at TEXT NOT NULL, recorded_by TEXT NOT NULL
  );
`

const ALTERED_WITHDRAWALS_SQL = `
  CREATE TABLE altered_withdrawals (
    withdrawal_id TEXT PRIMARY KEY, key TEXT NOT NULL, differences TEXT NOT NULL, detected_at TEXT NOT NULL,
    acknowledged_at TEXT, acknowledged_by TEXT
  );
  CREATE INDEX altered_withdrawals_open ON altered_withdrawals(acknowledged_at);
`

const SCREENING_SQL = `
  CREATE TABLE screening_lists (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, source TEXT NOT NULL, published TEXT,
    imported_at TEXT NOT NULL, addresses INTEGER NOT NULL
  );
  CREATE TABLE screening_addresses (
    address_key TEXT NOT NULL, list_id INTEGER NOT NULL, address TEXT NOT NULL, currency TEXT NOT NULL, entry TEXT
      NOT NULL,
    PRIMARY KEY (address_key, list_id, currency)
  ) WITHOUT ROWID;
`

export const m21: Migration = {
  version: 21,
  name: 'payee safety: withdrawals the provider altered, screening lists, confirmations of a payee change',
  sql: ALTERED_WITHDRAWALS_SQL + SCREENING_SQL + PAYEE_CONFIRMATIONS_SQL,
}
