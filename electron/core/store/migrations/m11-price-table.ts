import type { Migration } from './migration'

const PRICE_TABLE_SQL = `
  CREATE TABLE price_table (
    date TEXT NOT NULL, asset TEXT NOT NULL, fiat TEXT NOT NULL, price TEXT NOT NULL,
    PRIMARY KEY (asset, fiat, date)
  ) WITHOUT ROWID;
  CREATE TABLE price_table_import (id INTEGER PRIMARY KEY CHECK (id = 1), source TEXT NOT NULL, imported_at TEXT NOT
    NULL);
`

export const m11: Migration = {
  version: 11,
  name: "the profile's price table for the accounting exports' fiat column",
  sql: PRICE_TABLE_SQL,
}
