import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { HOLD_RULES, HoldSchema, type Hold, type HoldRule } from '../../../../shared/policy/hold-schema'
import { StoredPolicySchema, type Policy, type StoredPolicy } from '../../../../shared/policy/policy-schema'
import { DeskError } from '../../errors'
import { AuditEntrySchema } from '../audit/audit-chain'
import { disagreement, OutboxFactsRow, PayoutRecords } from '../audit/payout-records'
import { CountRow, EntryRow } from '../common-rows'
import { foundRowOf, rowOf, rowsOf } from '../scalar-rows'

/** The stored policy, none (the default applies), or a row that fails its schema: the caller denies. */
export type PolicyRow =
  { kind: 'set'; stored: StoredPolicy } | { kind: 'none' } | { kind: 'unreadable'; problem: string }

/** A policy change as its audit row records it (PolicySettings writes it in the row's own transaction). */
const PolicyChangeSchema = AuditEntrySchema.extend({
  detail: z.looseObject({ by: z.string(), policy: z.unknown().optional() }),
})

/**
 * A `policy.held` audit row: the decision's detail names the hold rule and its message, and (since holds are checked
 * first) the `hold` facts of what it pays.
 */
const HeldEntrySchema = AuditEntrySchema.extend({
  detail: z.looseObject({ rule: z.enum(HOLD_RULES), message: z.string(), hold: HoldSchema.optional() }),
})
/** An `agent.stopped` or `agent.resumed` audit row: the stop switch's last turn. */
const StopEntrySchema = AuditEntrySchema.extend({ path: z.enum(['agent.stopped', 'agent.resumed']) })

export type HoldReason = { rule: HoldRule; message: string; hold: Hold | null }

const PolicyRowSchema = z.object({ body: z.string(), set_at: z.string(), set_by: z.string() })
/** The amount as the outbox body holds it: a decimal string, or the policy cannot count it. */
const AmountRow = z.object({ amount: z.string() })

/** States of an outbox entry that did not and will not pay out: they leave the agent's daily totals. */
const NOT_PAYING = "('discarded', 'refused')"

/**
 * The agent policy row and the facts its rules count: the agent's payouts in a time window (from
 * the outbox, so every process and every restart sees the same totals) and its write requests.
 */
export class PolicyRepo {
  /** The last row text found to match its audit row. */
  private sealed: string | null = null

  constructor(private readonly db: DatabaseSync) {}

  read(): PolicyRow {
    const raw = foundRowOf(
      PolicyRowSchema,
      this.db.prepare('SELECT body, set_at, set_by FROM policy WHERE id = 1').get(),
      'policy',
    )
    if (!raw) return { kind: 'none' }
    let policy: unknown
    try {
      policy = JSON.parse(raw.body)
    } catch {
      return { kind: 'unreadable', problem: 'the stored policy is not JSON' }
    }
    const parsed = StoredPolicySchema.safeParse({ policy, setAt: raw.set_at, setBy: raw.set_by })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return { kind: 'unreadable', problem: `${issue?.path.join('.') || 'policy'}: ${issue?.message ?? 'invalid'}` }
    }
    if (!this.matchesLastChange(raw))
      return {
        kind: 'unreadable',
        problem:
          'the stored policy is not the last one a person set in the app or with the CLI, as the audit log records it',
      }
    return { kind: 'set', stored: parsed.data }
  }

  /**
   * Whether the row is exactly what the last policy change in the audit log wrote (same body, time
   * and person). A row edited or written straight into the database, by a script or another
   * program, has no such change and is not obeyed. Remembered per row text: a running connector
   * scans the audit log once per change, not once per request.
   */
  private matchesLastChange(raw: { body: string; set_at: string; set_by: string }): boolean {
    const text = `${raw.set_at}|${raw.set_by}|${raw.body}`
    if (this.sealed === text) return true
    const row = this.lastEntry("json_extract(entry, '$.path') IN ('policy.set', 'policy.cleared')")
    const change = row ? PolicyChangeSchema.safeParse(JSON.parse(row.entry)) : null
    const sealed =
      change?.success === true &&
      change.data.path === 'policy.set' &&
      change.data.at === raw.set_at &&
      change.data.actor !== null &&
      setByOf(change.data.actor, change.data.detail.by).includes(raw.set_by) &&
      JSON.stringify(change.data.detail.policy) === raw.body
    if (sealed) this.sealed = text
    return sealed
  }

  /** Changes whenever anyone writes the row; a cheap way for a running connector to notice. */
  fingerprint(): string {
    const raw = foundRowOf(
      PolicyRowSchema.pick({ body: true, set_at: true }),
      this.db.prepare('SELECT body, set_at FROM policy WHERE id = 1').get(),
      'policy',
    )
    return raw ? `${raw.set_at}|${raw.body}` : ''
  }

  write(policy: Policy, setAt: string, setBy: string): void {
    this.db
      .prepare(
        'INSERT INTO policy (id, body, set_at, set_by) VALUES (1, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET body ' +
          '= excluded.body, set_at = excluded.set_at, set_by = excluded.set_by',
      )
      .run(JSON.stringify(policy), setAt, setBy)
  }

  clear(): void {
    this.db.prepare('DELETE FROM policy WHERE id = 1').run()
  }

  /**
   * The agent's stop switch: the last stop or resume a person wrote into the audit log (no row anyone can edit around
   * it).
   */
  stopped(): { at: string; reason: string | null } | null {
    const row = this.lastEntry("json_extract(entry, '$.path') IN ('agent.stopped', 'agent.resumed')")
    if (!row) return null
    const parsed = StopEntrySchema.safeParse(JSON.parse(row.entry))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      // The switch decides whether the agent may pay: a damaged entry stops the read (and so the agent's payouts).
      throw new DeskError(
        'record_corrupt',
        `The audit record of the agent's stop switch is damaged (${issue?.path.join('.') || 'entry'}: ` +
          `${issue?.message ?? 'invalid'}); the agent pays nothing until it is repaired.`,
      )
    }
    const entry = parsed.data
    if (entry.path !== 'agent.stopped') return null
    return { at: entry.at, reason: typeof entry.detail?.reason === 'string' ? entry.detail.reason : null }
  }

  /**
   * Amounts of `asset` the requester's payouts since `since` (ISO time) may still pay: every entry
   * except discarded and refused ones, and except those the provider reports cancelled. An entry is
   * counted at its last attempt to send (a refused one sent again a day later counts then), or when it
   * was recorded if it was never sent (held, queued). Returned as the stored decimal strings; the
   * caller adds them with big.js.
   *
   * The times, amounts and requester are also read from the audit chain (the record written with each entry, and each
   * POST attempt): an entry counts at the later of the two, and an outbox row that disagrees with its record (its
   * times moved back, its amount or state changed by another program) throws `record_corrupt` naming the row.
   */
  amountsSince(requestedBy: string, asset: string, since: string, exceptKey: string | null = null): string[] {
    const records = [...new PayoutRecords(this.db).since(since).values()].filter(
      (r) => r.actor === requestedBy && r.lastAt >= since,
    )
    const facts = this.db.prepare(
      `SELECT key, created_at AS createdAt, requested_by AS requestedBy, json_extract(body, '$.asset') AS asset,
        json_extract(body, '$.amount') AS amount, state
       FROM outbox WHERE key = ?`,
    )
    for (const rec of records) {
      const problem = disagreement(rec, foundRowOf(OutboxFactsRow, facts.get(rec.key), 'outbox'))
      if (problem)
        throw new DeskError(
          'record_corrupt',
          `The agent's rolling totals cannot be trusted: ${problem}. "payout-desk audit verify" names it.`,
        )
    }
    const rows = this.db
      .prepare(
        `SELECT json_extract(o.body, '$.amount') AS amount FROM outbox o
         LEFT JOIN withdrawal_cache w ON w.id = o.withdrawal_id
         WHERE o.requested_by = ? AND json_extract(o.body, '$.asset') = ?
           AND (COALESCE((SELECT MAX(x.at) FROM outbox_outcomes x WHERE x.key = o.key AND x.state = 'sending'),
             o.created_at) >= ?
                OR o.key IN (SELECT value FROM json_each(?)))
           AND o.state NOT IN ${NOT_PAYING} AND o.key IS NOT ?
           AND (w.body IS NULL OR json_extract(w.body, '$.status') IS NOT 'cancelled')`,
      )
      .all(requestedBy, asset, since, JSON.stringify(records.map((r) => r.key)), exceptKey)
    return rowsOf(AmountRow, rows, 'outbox').map((r) => r.amount)
  }

  /**
   * Why the policy held a payout: the rule and message of its `policy.held` audit row, or null when there is none.
   * A row that does not parse is refused (record_corrupt), never guessed at; the payout stays held.
   */
  holdReason(key: string): HoldReason | null {
    const row = foundRowOf(
      EntryRow,
      this.db
        .prepare(
          "SELECT entry FROM audit WHERE json_extract(entry, '$.path') = 'policy.held' AND json_extract(entry, " +
            "'$.idempotencyKey') = ? ORDER BY seq DESC LIMIT 1",
        )
        .get(key),
      'audit',
    )
    if (!row) return null
    let entry: unknown
    try {
      entry = JSON.parse(row.entry)
    } catch {
      throw heldRecordCorrupt(key, 'not JSON')
    }
    const parsed = HeldEntrySchema.safeParse(entry)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw heldRecordCorrupt(key, `${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'}`)
    }
    return { rule: parsed.data.detail.rule, message: parsed.data.detail.message, hold: parsed.data.detail.hold ?? null }
  }

  /** The agent's write requests the policy let through since `since`. */
  requestsSince(since: string): number {
    return rowOf(
      CountRow,
      this.db.prepare('SELECT COUNT(*) AS n FROM agent_requests WHERE at >= ?').get(since),
      'agent_requests',
    ).n
  }

  /** The newest audit row matching `where` (a fixed clause, never a value from outside). */
  private lastEntry(where: string): { entry: string } | undefined {
    return foundRowOf(
      EntryRow,
      this.db.prepare(`SELECT entry FROM audit WHERE ${where} ORDER BY seq DESC LIMIT 1`).get(),
      'audit',
    )
  }

  noteRequest(at: string, tool: string, ref: string | null): void {
    this.db.prepare('INSERT INTO agent_requests (at, tool, ref) VALUES (?, ?, ?)').run(at, tool, ref)
  }
}

function heldRecordCorrupt(key: string, problem: string): DeskError {
  return new DeskError(
    'record_corrupt',
    `The audit record of why payout ${key} is held is damaged (${problem}); the payout stays held until a ` +
      `person releases or rejects it.`,
  )
}

/** For `store.repo(policyRepo)`. */
export const policyRepo = (db: DatabaseSync): PolicyRepo => new PolicyRepo(db)

/**
 * What a policy row's set_by says for this change: `app (alice)` as who() writes it, or `alice (app)` as earlier builds
 * did.
 */
function setByOf(actor: string, person: string): string[] {
  return [`${actor} (${person})`, `${person} (${actor})`]
}
