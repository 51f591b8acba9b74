import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { z } from 'zod'
import type { PriceRow, PriceTableSummary } from '../../../../shared/api/accounting-export'
import type { RepoFactory } from '../repo-factory'
import { rowOf, rowsOf } from '../scalar-rows'

const PriceRowSchema = z.object({ date: z.string(), asset: z.string(), fiat: z.string(), price: z.string() })
const WaitingRowSchema = PriceRowSchema.extend({ effectiveAt: z.string() })
const PriceSchema = z.object({ price: z.string().nullable() })
const WaitingCountSchema = z.object({ n: z.number(), at: z.string().nullable() })
const CountsSchema = z.object({ n: z.number(), first: z.string().nullable(), last: z.string().nullable() })
const FiatSchema = z.object({ fiat: z.string() })
const ImportSchema = z.object({ source: z.string(), imported_at: z.string() })

/** `ASSET|FIAT|date`: one rate's place in the table. */
export const rateKey = (r: { date: string; asset: string; fiat: string }): string => `${r.asset}|${r.fiat}|${r.date}`

/** What an import changes: rates set at once, rates removed, rates that wait for `effectiveAt`. */
export interface RatePlan {
  set: PriceRow[]
  removed: Array<Omit<PriceRow, 'price'>>
  waiting: PriceRow[]
}

/**
 * The price table a person imported for this profile: replaced whole by each import, read by the accounting exports
 * and the agent's USD limits. Prices that would lower an asset's USD value wait in `price_pending` for the profile's
 * loosening delay; from their time on they are the prices read.
 */
export class PriceTableRepo {
  private lookup: StatementSync | null = null

  constructor(private readonly db: DatabaseSync) {}

  /** Every price in force before `at`'s waiting ones, by `rateKey` (waiting prices due by `at` included). */
  all(at: string): Map<string, PriceRow> {
    const out = new Map<string, PriceRow>()
    const rows = this.db.prepare('SELECT date, asset, fiat, price FROM price_table').all()
    for (const r of rowsOf(PriceRowSchema, rows, 'price_table'))
      out.set(rateKey(r), { date: r.date, asset: r.asset, fiat: r.fiat, price: r.price })
    for (const r of this.waiting())
      if (r.effectiveAt <= at) out.set(rateKey(r), { date: r.date, asset: r.asset, fiat: r.fiat, price: r.price })
    return out
  }

  /** The prices that wait, each with the time it takes effect. */
  waiting(): Array<PriceRow & { effectiveAt: string }> {
    const rows = this.db
      .prepare('SELECT date, asset, fiat, price, effective_at AS effectiveAt FROM price_pending ORDER BY asset, date')
      .all()
    return rowsOf(WaitingRowSchema, rows, 'price_pending')
  }

  /** Writes an import's plan; the caller's transaction makes it all or nothing. Earlier waiting prices are dropped. */
  apply(plan: RatePlan, effectiveAt: string | null, source: string, importedAt: string): void {
    this.settle(importedAt)
    const del = this.db.prepare('DELETE FROM price_table WHERE asset = ? AND fiat = ? AND date = ?')
    for (const r of plan.removed) del.run(r.asset, r.fiat, r.date)
    const put = this.db.prepare(
      'INSERT INTO price_table (date, asset, fiat, price) VALUES (?, ?, ?, ?) ON CONFLICT (asset, fiat, date) DO ' +
        'UPDATE SET price = excluded.price',
    )
    for (const r of plan.set) put.run(r.date, r.asset, r.fiat, r.price)
    const wait = this.db.prepare(
      'INSERT INTO price_pending (date, asset, fiat, price, effective_at) VALUES (?, ?, ?, ?, ?)',
    )
    for (const r of plan.waiting) wait.run(r.date, r.asset, r.fiat, r.price, effectiveAt!)
    this.db
      .prepare(
        'INSERT INTO price_table_import (id, source, imported_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE ' +
          'SET source = excluded.source, imported_at = excluded.imported_at',
      )
      .run(source, importedAt)
  }

  /** Moves the waiting prices due by `at` into the table and drops the others (an import or a cancel replaces them). */
  private settle(at: string): void {
    this.db
      .prepare(
        'INSERT INTO price_table (date, asset, fiat, price) SELECT date, asset, fiat, price FROM price_pending ' +
          'WHERE effective_at <= ? ON CONFLICT (asset, fiat, date) DO UPDATE SET price = excluded.price',
      )
      .run(at)
    this.db.exec('DELETE FROM price_pending')
  }

  /** Drops the prices that still wait at `at` (those due by then are in force and stay). */
  cancelWaiting(at: string): void {
    this.settle(at)
  }

  /** The price of one unit of `asset` in `fiat` on `date` (YYYY-MM-DD) at `at`, or null when the table has none. */
  price(date: string, asset: string, fiat: string, at = new Date().toISOString()): string | null {
    this.lookup ??= this.db.prepare(
      `SELECT COALESCE(
         (SELECT price FROM price_pending WHERE asset = ?1 AND fiat = ?2 AND date = ?3 AND effective_at <= ?4),
         (SELECT price FROM price_table WHERE asset = ?1 AND fiat = ?2 AND date = ?3)) AS price`,
    )
    const row = this.lookup.get(asset.toUpperCase(), fiat, date, at)
    return row === undefined ? null : rowOf(PriceSchema, row, 'price_table').price
  }

  private waitingAt(at: string): PriceTableSummary['waiting'] {
    const row = rowOf(
      WaitingCountSchema,
      this.db
        .prepare('SELECT COUNT(*) AS n, MIN(effective_at) AS at FROM price_pending WHERE effective_at > ?')
        .get(at),
      'price_pending',
    )
    return row.at ? { rates: Number(row.n), effectiveAt: row.at } : null
  }

  summary(at = new Date().toISOString()): PriceTableSummary {
    const counts = rowOf(
      CountsSchema,
      this.db.prepare('SELECT COUNT(*) AS n, MIN(date) AS first, MAX(date) AS last FROM price_table').get(),
      'price_table',
    )
    const fiats = rowsOf(
      FiatSchema,
      this.db.prepare('SELECT DISTINCT fiat FROM price_table ORDER BY fiat').all(),
      'price_table',
    ).map((r) => r.fiat)
    const imported = this.db.prepare('SELECT source, imported_at FROM price_table_import WHERE id = 1').get()
    const made = imported === undefined ? undefined : rowOf(ImportSchema, imported, 'price_table_import')
    return {
      rows: Number(counts.n),
      fiats,
      from: counts.first,
      to: counts.last,
      importedAt: made?.imported_at ?? null,
      source: made?.source ?? null,
      waiting: this.waitingAt(at),
    }
  }
}

export const priceTableRepo: RepoFactory<PriceTableRepo> = (db) => new PriceTableRepo(db)
