import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { AuditEntrySchema, type AuditEntry } from './audit-chain'
import { MetaValueRow } from '../common-rows'
import type { RepoFactory } from '../repo-factory'
import { foundRowOf, rowOf } from '../scalar-rows'

const CHECKPOINT = 'audit_verified_to'
const SeqEntryRow = z.object({ seq: z.number(), entry: z.string() })
const LastSeqRow = z.object({ seq: z.number() })

export interface ActivityScan {
  beforeSeq: number | null
  /** A process (app, cli, agent) or the person a decision names. */
  actor: string | null
  from: string | null
  to: string | null
}

/**
 * The audit rows as the Activity view reads them, newest first, and the row the chain was last verified to (so a
 * long log is walked once, then only its new rows).
 */
export class ActivityRepo {
  constructor(private readonly db: DatabaseSync) {}

  /**
   * Rows matching the scan, newest first, one at a time (the caller stops when its page is full); a row that fails its
   * schema is skipped (the verification names it).
   */
  *scan(q: ActivityScan): Generator<AuditEntry & { seq: number }> {
    const where: string[] = []
    const args: Array<string | number> = []
    const add = (clause: string, ...values: Array<string | number>) => {
      where.push(clause)
      args.push(...values)
    }
    if (q.beforeSeq !== null) add('seq < ?', q.beforeSeq)
    if (q.actor !== null)
      add("(json_extract(entry, '$.actor') = ? OR json_extract(entry, '$.detail.by') = ?)", q.actor, q.actor)
    // ISO instants of one form (toISOString) compare as text.
    if (q.from !== null) add("json_extract(entry, '$.at') >= ?", q.from)
    if (q.to !== null) add("json_extract(entry, '$.at') < ?", q.to)
    const sql = `SELECT seq, entry FROM audit ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC`
    for (const raw of this.db.prepare(sql).iterate(...args)) {
      const r = SeqEntryRow.safeParse(raw)
      const parsed = r.success ? AuditEntrySchema.safeParse(parseJson(r.data.entry)) : null
      if (r.success && parsed?.success) yield { seq: r.data.seq, ...parsed.data }
    }
  }

  /** The last row written (0 for an empty log). */
  lastSeq(): number {
    return rowOf(LastSeqRow, this.db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM audit').get(), 'audit').seq
  }

  checkpoint(): { seq: number; hash: string } | null {
    const row = foundRowOf(
      MetaValueRow,
      this.db.prepare('SELECT value FROM meta WHERE name = ?').get(CHECKPOINT),
      'meta',
    )
    const m = row ? /^(\d+):([0-9a-f]{64})$/.exec(row.value) : null
    return m ? { seq: Number(m[1]), hash: m[2]! } : null
  }

  setCheckpoint(seq: number, hash: string): void {
    this.db
      .prepare('INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value')
      .run(CHECKPOINT, `${seq}:${hash}`)
  }

  clearCheckpoint(): void {
    this.db.prepare('DELETE FROM meta WHERE name = ?').run(CHECKPOINT)
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export const activityRepo: RepoFactory<ActivityRepo> = (db) => new ActivityRepo(db)
