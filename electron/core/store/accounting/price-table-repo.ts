import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { PriceRow, PriceTableSummary } from '../../../../shared/api/accounting-export'
import type { RepoFactory } from '../repo-factory'

/** The migration that makes the profile's price table: one price per day, asset and fiat, as imported. */
export const PRICE_TABLE_SQL = `
  CREATE TABLE price_table (
    date TEXT NOT NULL, asset TEXT NOT NULL, fiat TEXT NOT NULL, price TEXT NOT NULL,
    PRIMARY KEY (asset, fiat, date)
  ) WITHOUT ROWID;
  CREATE TABLE price_table_import (id INTEGER PRIMARY KEY CHECK (id = 1), source TEXT NOT NULL, imported_at TEXT NOT
    NULL);
`

/**
 * The price table a person imported for this profile: replaced whole by each import, read by the accounting exports.
 */
export class PriceTableRepo {
  private lookup: StatementSync | null = null

  constructor(private readonly db: DatabaseSync) {}

  /** Replaces the table; the caller's transaction makes it all or nothing. */
  replace(rows: readonly PriceRow[], source: string, importedAt: string): void {
    this.db.exec('DELETE FROM price_table')
    const put = this.db.prepare('INSERT INTO price_table (date, asset, fiat, price) VALUES (?, ?, ?, ?)')
    for (const r of rows) put.run(r.date, r.asset, r.fiat, r.price)
    this.db
      .prepare(
        'INSERT INTO price_table_import (id, source, imported_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE ' +
          'SET source = excluded.source, imported_at = excluded.imported_at',
      )
      .run(source, importedAt)
  }

  /** The price of one unit of `asset` in `fiat` on `date` (YYYY-MM-DD), or null when the table has none. */
  price(date: string, asset: string, fiat: string): string | null {
    this.lookup ??= this.db.prepare('SELECT price FROM price_table WHERE asset = ? AND fiat = ? AND date = ?')
    const row = this.lookup.get(asset.toUpperCase(), fiat, date) as { price: string } | undefined
    return row?.price ?? null
  }

  summary(): PriceTableSummary {
    const counts = this.db
      .prepare('SELECT COUNT(*) AS n, MIN(date) AS first, MAX(date) AS last FROM price_table')
      .get() as { n: number; first: string | null; last: string | null }
    const fiats = (
      this.db.prepare('SELECT DISTINCT fiat FROM price_table ORDER BY fiat').all() as Array<{ fiat: string }>
    ).map((r) => r.fiat)
    const made = this.db.prepare('SELECT source, imported_at FROM price_table_import WHERE id = 1').get() as
      { source: string; imported_at: string } | undefined
    return {
      rows: Number(counts.n),
      fiats,
      from: counts.first,
      to: counts.last,
      importedAt: made?.imported_at ?? null,
      source: made?.source ?? null,
    }
  }
}

export const priceTableRepo: RepoFactory<PriceTableRepo> = (db) => new PriceTableRepo(db)
