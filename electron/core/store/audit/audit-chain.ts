import { createHash } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { AuditRow, HashRow, SeqHashRow } from '../common-rows'
import { foundRowOf } from '../scalar-rows'
import { inTransaction } from '../transaction'
import { statement } from '../statement-cache'

/** One audit row: an HTTP attempt, a tool call, or a local decision. Never a signature, a key or a body. */
export const AuditEntrySchema = z.strictObject({
  at: z.string(),
  kind: z.enum(['http', 'tool', 'decision']),
  method: z.string(),
  path: z.string(),
  status: z.number().int().nullable(),
  errorCode: z.string().nullable(),
  requestId: z.string().nullable(),
  idempotencyKey: z.string().nullable(),
  /** app, cli, agent, ... */
  actor: z.string().nullable(),
  /** What a decision decided and why (rule names, amounts); free of secrets. */
  detail: z.record(z.string(), z.unknown()).nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const GENESIS_HASH = '0'.repeat(64)
const SeqEntryRow = z.object({ seq: z.number(), entry: z.string() })

/** The row's hash covers its position, the previous row's hash and its exact content. */
export function rowHash(seq: number, prevHash: string, entryJson: string): string {
  return createHash('sha256').update(`${seq}\n${prevHash}\n${entryJson}`).digest('hex')
}

export type VerifyResult = { ok: true; rows: number } | { ok: false; rows: number; brokenSeq: number; problem: string }

/** Append-only, hash-chained audit rows: an edit, an insertion or a deletion breaks the chain where it happened. */
export class AuditChain {
  constructor(private readonly db: DatabaseSync) {}

  append(entry: AuditEntry): number {
    const json = JSON.stringify(AuditEntrySchema.parse(entry))
    return inTransaction(this.db, () => {
      const head = this.head()
      const seq = (head?.seq ?? 0) + 1
      const prev = head?.hash ?? GENESIS_HASH
      const hash = rowHash(seq, prev, json)
      statement(this.db, 'INSERT INTO audit (seq, entry, prev_hash, hash) VALUES (?, ?, ?, ?)').run(
        seq,
        json,
        prev,
        hash,
      )
      statement(
        this.db,
        'INSERT INTO audit_head (id, seq, hash) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET seq = ' +
          'excluded.seq, hash = excluded.hash',
      ).run(seq, hash)
      return seq
    })
  }

  /** The last `limit` rows, oldest first; a row that fails its schema is left out (verify names it). */
  tail(limit: number): Array<AuditEntry & { seq: number }> {
    const rows = statement(this.db, 'SELECT seq, entry FROM audit ORDER BY seq DESC LIMIT ?').all(limit)
    const out: Array<AuditEntry & { seq: number }> = []
    for (const raw of rows.reverse()) {
      const r = SeqEntryRow.safeParse(raw)
      const parsed = r.success ? safeEntry(r.data.entry) : null
      if (r.success && parsed) out.push({ seq: r.data.seq, ...parsed })
    }
    return out
  }

  /** The newest row about one payout (by its Idempotency-Key): where it sits in the chain and its hash. */
  latestFor(idempotencyKey: string): { seq: number; hash: string } | null {
    const row = foundRowOf(
      SeqHashRow,
      statement(
        this.db,
        "SELECT seq, hash FROM audit WHERE json_extract(entry, '$.idempotencyKey') = ? ORDER BY seq DESC LIMIT 1",
      ).get(idempotencyKey),
      'audit',
    )
    return row ? { seq: row.seq, hash: row.hash } : null
  }

  all(): Array<AuditEntry & { seq: number }> {
    return this.tail(Number.MAX_SAFE_INTEGER)
  }

  /** Walks the chain from the first row and names the first row that does not hold. */
  verify(): VerifyResult {
    return this.verifyFrom({ seq: 0, hash: GENESIS_HASH })
  }

  /**
   * Walks the rows after `from` (a row verified before, with the hash it had then) and names the first that does
   * not hold. The `from` row itself must still carry that hash: a change to it shows, one further back needs `verify`.
   */
  verifyFrom(from: { seq: number; hash: string }): VerifyResult {
    if (from.seq > 0) {
      if (this.hashOf(from.seq) !== from.hash)
        return {
          ok: false,
          rows: from.seq - 1,
          brokenSeq: from.seq,
          problem: `row ${from.seq} is not the row that was verified before (changed or deleted)`,
        }
    }
    let prev = from.hash
    let expected = from.seq + 1
    let rows = from.seq
    for (const raw of this.db
      .prepare('SELECT seq, entry, prev_hash, hash FROM audit WHERE seq > ? ORDER BY seq')
      .iterate(from.seq)) {
      const parsed = AuditRow.safeParse(raw)
      if (!parsed.success)
        return { ok: false, rows, brokenSeq: expected, problem: `row ${expected} is damaged (not the columns written)` }
      const r = parsed.data
      const broken = (problem: string): VerifyResult => ({ ok: false, rows, brokenSeq: r.seq, problem })
      if (r.seq !== expected)
        return {
          ok: false,
          rows,
          brokenSeq: expected,
          problem: `row ${expected} is missing (the next row is ${r.seq})`,
        }
      if (r.prev_hash !== prev) return broken(`row ${r.seq} does not follow row ${r.seq - 1} (previous hash differs)`)
      if (rowHash(r.seq, r.prev_hash, r.entry) !== r.hash)
        return broken(`row ${r.seq} was changed after it was written (its hash does not match its content)`)
      if (!safeEntry(r.entry)) return broken(`row ${r.seq} is not a valid audit entry`)
      prev = r.hash
      expected++
      rows++
    }
    const head = this.head()
    if (head && (head.seq !== rows || head.hash !== prev)) {
      return {
        ok: false,
        rows,
        brokenSeq: rows + 1,
        problem: `the log ends at row ${rows} but row ${head.seq} was written (rows at the end were deleted)`,
      }
    }
    return { ok: true, rows }
  }

  /** The hash row `seq` carries now (null when there is no such row). */
  hashOf(seq: number): string | null {
    return (
      foundRowOf(HashRow, statement(this.db, 'SELECT hash FROM audit WHERE seq = ?').get(seq), 'audit')?.hash ?? null
    )
  }

  /** The last row written, as the head row records it (undefined before the first). */
  private head(): { seq: number; hash: string } | undefined {
    return foundRowOf(
      SeqHashRow,
      statement(this.db, 'SELECT seq, hash FROM audit_head WHERE id = 1').get(),
      'audit_head',
    )
  }
}

function safeEntry(json: string): AuditEntry | null {
  try {
    const parsed = AuditEntrySchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
