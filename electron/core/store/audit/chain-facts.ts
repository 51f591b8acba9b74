import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { AuditRow, HashRow, SeqHashRow } from '../common-rows'
import { foundRowOf, rowOf, rowsOf } from '../scalar-rows'
import { statement } from '../statement-cache'
import { GENESIS_HASH, rowHash } from './audit-chain'
import { foldFact, emptyFacts, type Facts } from './fact-fold'

/** The audit kinds the send gate's facts are read from: a row of these kinds moves a control. */
export const FACT_PATHS = [
  'agent.stopped',
  'agent.resumed',
  'policy.set',
  'policy.cleared',
  'policy.pending',
  'policy.pending_cancelled',
  'policy.delay_set',
  'policy.granted',
  'policy.grant_used',
  'destination.change_confirmed',
  'payout.altered',
  'payout.alteration_acknowledged',
  'prices.imported',
  'prices.pending_cancelled',
  'prices.sealed',
] as const
const FACT_SET: ReadonlySet<string> = new Set(FACT_PATHS)

/** A store row (or an audit row) that is not what the desk wrote, named as every surface names it. */
export interface Tamper {
  /** `audit row 12`, `payee_confirmations row cp_1`, … */
  row: string
  problem: string
  /** The audit row it concerns, when there is one. */
  seq: number | null
}

const LastOfKindRow = z.object({ seq: z.number().nullable() })
const FactRow = z.object({ seq: z.number(), entry: z.string(), hash: z.string() })
const SeqRow = z.object({ seq: z.number() })

/**
 * The facts the send gate reads, folded from the audit chain as this process walked it: each walk goes on from the
 * last row it verified (its hash still in place), checking every new row's link and hash, so a fact is only ever
 * taken from rows that hold. The rows the facts rest on are read again at each check, so a row rewritten behind the
 * walk (an `agent.stopped` turned into anything else) is caught before a payout goes. One per connection.
 */
export class ChainFacts {
  private anchor = { seq: 0, hash: GENESIS_HASH }
  private folded: Facts = emptyFacts()
  /** Every fact row walked: its text and hash as they were verified, by seq. */
  private readonly rows = new Map<number, { entry: string; hash: string }>()
  /** Fact rows per kind, in order: a row moved into or out of a kind shows as a different list. */
  private readonly byPath = new Map<string, number[]>()

  constructor(private readonly db: DatabaseSync) {}

  get facts(): Facts {
    return this.folded
  }

  /** Walks the rows written since the last walk; a row that does not hold is named. */
  refresh(): Tamper | null {
    if (this.anchor.seq > 0 && this.hashOf(this.anchor.seq) !== this.anchor.hash) {
      // The last row walked is gone or other: a transaction that wrote it rolled back, or someone changed it. A walk
      // from the first row tells the two apart.
      this.reset()
    }
    let prev = this.anchor.hash
    for (const raw of this.db
      .prepare('SELECT seq, entry, prev_hash, hash FROM audit WHERE seq > ? ORDER BY seq')
      .iterate(this.anchor.seq)) {
      const expected = this.anchor.seq + 1
      const parsed = AuditRow.safeParse(raw)
      if (!parsed.success) return audit(expected, `row ${expected} is damaged (not the columns written)`)
      const r = parsed.data
      if (r.seq !== expected) return audit(expected, `row ${expected} is missing (the next row is ${r.seq})`)
      if (r.prev_hash !== prev) return audit(r.seq, `row ${r.seq} does not follow row ${expected - 1}`)
      if (rowHash(r.seq, r.prev_hash, r.entry) !== r.hash)
        return audit(r.seq, `row ${r.seq} was changed after it was written (its hash does not match its content)`)
      const path = pathOf(r.entry)
      if (path === null) return audit(r.seq, `row ${r.seq} is not a valid audit entry`)
      if (FACT_SET.has(path)) {
        this.rows.set(r.seq, { entry: r.entry, hash: r.hash })
        const list = this.byPath.get(path)
        if (list) list.push(r.seq)
        else this.byPath.set(path, [r.seq])
        foldFact(this.folded, r.seq, JSON.parse(r.entry) as Record<string, unknown>)
      }
      this.anchor = { seq: r.seq, hash: r.hash }
      prev = r.hash
    }
    const head = foundRowOf(
      SeqHashRow,
      statement(this.db, 'SELECT seq, hash FROM audit_head WHERE id = 1').get(),
      'audit_head',
    )
    if (head && (head.seq !== this.anchor.seq || head.hash !== this.anchor.hash))
      return audit(
        this.anchor.seq + 1,
        `the log ends at row ${this.anchor.seq} but row ${head.seq} was written (rows at the end were deleted)`,
      )
    return null
  }

  /**
   * The fact rows as they stand now against the walk: the last row of each kind is where the walk found it (none
   * moved into or out of a kind at its end, where the readers look), and the rows `used` (the facts a decision rests
   * on) still carry the text and hash they were verified with.
   */
  recheck(used: Iterable<number>): Tamper | null {
    const last = statement(this.db, "SELECT MAX(seq) AS seq FROM audit WHERE json_extract(entry, '$.path') = ?")
    for (const path of FACT_PATHS) {
      const now = rowOf(LastOfKindRow, last.get(path), 'audit').seq
      if (now !== (this.byPath.get(path)?.at(-1) ?? null)) return this.movedRow(path)
    }
    const seqs = [...new Set(used)]
    const now = rowsOf(
      FactRow,
      statement(this.db, 'SELECT seq, entry, hash FROM audit WHERE seq IN (SELECT value FROM json_each(?))').all(
        JSON.stringify(seqs),
      ),
      'audit',
    )
    const found = new Map(now.map((r) => [r.seq, r]))
    for (const seq of seqs) {
      const was = this.rows.get(seq)
      const is = found.get(seq)
      if (!was) continue
      if (!is) return audit(seq, `row ${seq} was deleted after it was written`)
      if (is.entry !== was.entry || is.hash !== was.hash)
        return audit(seq, `row ${seq} was changed after it was written`)
    }
    return null
  }

  /** The first row of `path` that is not where the walk found it (moved into or out of the kind, or deleted). */
  private movedRow(path: string): Tamper {
    const now = rowsOf(
      SeqRow,
      statement(this.db, "SELECT seq FROM audit WHERE json_extract(entry, '$.path') = ? ORDER BY seq").all(path),
      'audit',
    ).map((r) => r.seq)
    const mine = this.byPath.get(path) ?? []
    const i = now.findIndex((seq, at) => mine[at] !== seq)
    const seq = i >= 0 ? Math.min(now[i]!, mine[i] ?? now[i]!) : mine[now.length]!
    return audit(seq, `row ${seq} was changed after it was written (its kind is not the one written)`)
  }

  /** The text of a fact row as it was verified. */
  entryOf(seq: number): string | null {
    return this.rows.get(seq)?.entry ?? null
  }

  private hashOf(seq: number): string | null {
    return (
      foundRowOf(HashRow, statement(this.db, 'SELECT hash FROM audit WHERE seq = ?').get(seq), 'audit')?.hash ?? null
    )
  }

  private reset(): void {
    this.anchor = { seq: 0, hash: GENESIS_HASH }
    this.folded = emptyFacts()
    this.rows.clear()
    this.byPath.clear()
  }
}

function audit(seq: number, problem: string): Tamper {
  return { row: `audit row ${seq}`, problem, seq }
}

/**
 * The row's kind, or null when it is not an audit entry. The desk writes `at`, `kind`, `method` and then `path` (its
 * schema's order), so the kind is read from the text without parsing a row whose hash already holds.
 */
function pathOf(entry: string): string | null {
  const at = entry.indexOf('"path":"')
  if (at > 0) {
    const end = entry.indexOf('"', at + 8)
    const path = entry.slice(at + 8, end)
    if (end > 0 && !path.includes('\\')) return path
  }
  try {
    const parsed = JSON.parse(entry) as { path?: unknown }
    return typeof parsed.path === 'string' ? parsed.path : null
  } catch {
    return null
  }
}
