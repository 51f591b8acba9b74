import { createHash } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import { columns, stepRow, stepRows, type Migration } from './migration'

const isPrice = columns({ date: 'text', asset: 'text', fiat: 'text', price: 'text' })
const isHead = columns({ seq: 'integer', hash: 'text' })

const PRICE_PENDING_SQL = `
  CREATE TABLE price_pending (
    date TEXT NOT NULL, asset TEXT NOT NULL, fiat TEXT NOT NULL, price TEXT NOT NULL, effective_at TEXT NOT NULL,
    PRIMARY KEY (asset, fiat, date)
  ) WITHOUT ROWID;
`

/**
 * The price table becomes a control the audit chain vouches for: imported prices that would loosen a USD limit wait
 * in their own table, and the prices a profile already holds are sealed by one audit row (`prices.sealed`), so the
 * send gate can tell them from a price written into the store by another program.
 */
export const m26: Migration = {
  version: 26,
  name: 'prices in the audit chain: waiting prices, and the table as it was sealed by one audit row',
  sql: PRICE_PENDING_SQL,
  after: sealPrices,
}

function sealPrices(db: DatabaseSync): void {
  const rows = stepRows(
    db.prepare('SELECT date, asset, fiat, price FROM price_table ORDER BY asset, fiat, date').all(),
    isPrice,
    'price_table',
  )
  if (rows.length === 0) return
  // The audit row as AuditChain writes one, in its key order, chained to the head (fixed here: a migration never
  // imports today's repositories).
  const entry = JSON.stringify({
    at: new Date().toISOString(),
    kind: 'decision',
    method: 'LOCAL',
    path: 'prices.sealed',
    status: null,
    errorCode: null,
    requestId: null,
    idempotencyKey: null,
    actor: 'desk',
    detail: { rows: rows.map((r) => [r.date, r.asset, r.fiat, r.price]) },
  })
  const found = db.prepare('SELECT seq, hash FROM audit_head WHERE id = 1').get()
  const head = found === undefined ? undefined : stepRow(found, isHead, 'audit_head')
  const seq = (head?.seq ?? 0) + 1
  const prev = head?.hash ?? '0'.repeat(64)
  const hash = createHash('sha256').update(`${seq}\n${prev}\n${entry}`).digest('hex')
  db.prepare('INSERT INTO audit (seq, entry, prev_hash, hash) VALUES (?, ?, ?, ?)').run(seq, entry, prev, hash)
  db.prepare(
    'INSERT INTO audit_head (id, seq, hash) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET seq = excluded.seq, ' +
      'hash = excluded.hash',
  ).run(seq, hash)
}
