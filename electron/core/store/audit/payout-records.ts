import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { foundRowOf, rowOf, rowsOf } from '../scalar-rows'

/**
 * What the hash-chained audit log says about a payout: its record (`payout.recorded`, `.held`, `.queued`, written in
 * the transaction that made the outbox row: when, by whom, what asset and amount) and its POST attempts (when, and
 * whether the provider accepted one). The outbox row is plain SQLite another local process can edit; these rows
 * cannot be edited without `audit verify` naming them, so the policy's rolling totals are checked against them.
 */
export interface PayoutRecord {
  key: string
  /** The audit row of the record, for `audit verify` to name. */
  seq: number
  at: string
  actor: string | null
  asset: string | null
  amount: string | null
  /** The latest POST attempt under the key, or the record's time when there was none. */
  lastAt: string
  /** The provider answered an attempt 2xx: the payout exists there whatever the outbox says. */
  accepted: boolean
}

const RECORD_PATHS = new Set(['payout.recorded', 'payout.held', 'payout.queued'])
const WITHDRAWALS = '/api/v1/withdrawals'
/** Rows written by processes whose clocks disagree a little are still read; two days covers any daily window. */
const MARGIN_MS = 24 * 60 * 60 * 1000

const RawRowSchema = z.object({ seq: z.number(), entry: z.string() })

interface Parsed {
  at: string
  kind: string
  method: string
  path: string
  status: number | null
  idempotencyKey: string | null
  actor: string | null
  detail: { asset?: unknown; amount?: unknown } | null
}

function parse(raw: string): Parsed | null {
  try {
    return JSON.parse(raw) as Parsed
  } catch {
    return null
  }
}

/** The outbox row's fields a record vouches for. */
/** An outbox row's facts the audit record fixed; asset and amount are what the body holds, of any type. */
export const OutboxFactsRow = z.object({
  key: z.string(),
  createdAt: z.string(),
  requestedBy: z.string(),
  asset: z.unknown(),
  amount: z.unknown(),
  state: z.string(),
})
export type OutboxFacts = z.output<typeof OutboxFactsRow>

export class PayoutRecords {
  constructor(private readonly db: DatabaseSync) {}

  /** Records and attempts of the payouts whose latest audit row is at or after `since`, newest rows read first. */
  since(since: string): Map<string, PayoutRecord> {
    const stop = new Date(Date.parse(since) - MARGIN_MS).toISOString()
    const out = new Map<string, PayoutRecord>()
    const attempts = new Map<string, { lastAt: string; accepted: boolean }>()
    for (const row of this.db.prepare('SELECT seq, entry FROM audit ORDER BY seq DESC').iterate()) {
      const r = rowOf(RawRowSchema, row, 'audit')
      const e = parse(r.entry)
      if (!e) continue
      if (e.at < stop) break
      this.take(r.seq, e, out, attempts)
    }
    // Entries recorded long ago and attempted again in the window: their records are read by key, in one pass.
    const older = [...attempts].filter(([key, a]) => !out.has(key) && a.lastAt >= since).map(([key]) => key)
    if (older.length > 0) {
      const rows = this.db
        .prepare(
          "SELECT seq, entry FROM audit WHERE json_extract(entry, '$.kind') = 'decision' AND " +
            "json_extract(entry, '$.idempotencyKey') IN (SELECT value FROM json_each(?)) ORDER BY seq DESC",
        )
        .all(JSON.stringify(older))
      for (const r of rowsOf(RawRowSchema, rows, 'audit')) {
        const e = parse(r.entry)
        if (e) this.take(r.seq, e, out, new Map())
      }
    }
    for (const [key, rec] of out) {
      const a = attempts.get(key)
      if (a)
        out.set(key, {
          ...rec,
          lastAt: a.lastAt > rec.lastAt ? a.lastAt : rec.lastAt,
          accepted: rec.accepted || a.accepted,
        })
    }
    return out
  }

  /** Every record in the log, with its attempts: what `audit verify` checks the outbox against. */
  all(): Map<string, PayoutRecord> {
    return this.since(new Date(MARGIN_MS).toISOString())
  }

  private take(
    seq: number,
    e: Parsed,
    out: Map<string, PayoutRecord>,
    attempts: Map<string, { lastAt: string; accepted: boolean }>,
  ): void {
    const key = e.idempotencyKey
    if (key === null || typeof key !== 'string') return
    if (e.kind === 'http' && e.method === 'POST' && e.path.split('?')[0] === WITHDRAWALS) {
      const a = attempts.get(key) ?? { lastAt: e.at, accepted: false }
      attempts.set(key, {
        lastAt: e.at > a.lastAt ? e.at : a.lastAt,
        accepted: a.accepted || (e.status !== null && e.status >= 200 && e.status < 300),
      })
      return
    }
    // The oldest record row is the one written with the outbox row (read newest first, so the last one kept wins).
    if (e.kind !== 'decision' || !RECORD_PATHS.has(e.path)) return
    const detail = e.detail ?? {}
    out.set(key, {
      key,
      seq,
      at: e.at,
      actor: e.actor,
      asset: typeof detail.asset === 'string' ? detail.asset : null,
      amount: typeof detail.amount === 'string' ? detail.amount : null,
      lastAt: e.at,
      accepted: false,
    })
  }
}

/** Where an outbox row disagrees with its audit record, in words, or null when it agrees. */
export function disagreement(rec: PayoutRecord, row: OutboxFacts | undefined): string | null {
  if (!row) return `the outbox row ${rec.key} recorded at audit row ${rec.seq} is gone`
  const differs: string[] = []
  if (row.createdAt !== rec.at) differs.push(`its time is ${row.createdAt}, the audit row says ${rec.at}`)
  if (rec.actor !== null && row.requestedBy !== rec.actor)
    differs.push(`it names ${row.requestedBy} as requester, the audit row ${rec.actor}`)
  if (rec.asset !== null && row.asset !== rec.asset) differs.push(`its asset differs from the audit row's ${rec.asset}`)
  if (rec.amount !== null && row.amount !== rec.amount)
    differs.push(`its amount differs from the audit row's ${rec.amount}`)
  if (rec.accepted && (row.state === 'refused' || row.state === 'discarded'))
    differs.push(`it says ${row.state}, but the provider accepted it (audit log)`)
  return differs.length === 0
    ? null
    : `the outbox row ${rec.key} was changed after audit row ${rec.seq} recorded it: ${differs.join('; ')}`
}

/** For `store.repo(payoutRecords)`. */
export const payoutRecords = (db: DatabaseSync) => ({
  /** The first outbox row (by its record's place in the chain) that disagrees with the audit log, or null. */
  firstDisagreement(): { seq: number; problem: string } | null {
    const facts = db.prepare(
      `SELECT key, created_at AS createdAt, requested_by AS requestedBy, json_extract(body, '$.asset') AS asset,
        json_extract(body, '$.amount') AS amount, state
       FROM outbox WHERE key = ?`,
    )
    const records = [...new PayoutRecords(db).all().values()].sort((a, b) => a.seq - b.seq)
    for (const rec of records) {
      const problem = disagreement(rec, foundRowOf(OutboxFactsRow, facts.get(rec.key), 'outbox'))
      if (problem) return { seq: rec.seq, problem }
    }
    return null
  },
})
