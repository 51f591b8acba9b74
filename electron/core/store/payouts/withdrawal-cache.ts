import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { foundRowOf, rowOf, rowsOf } from '../scalar-rows'
import { KnownAddresses } from '../destinations/known-addresses'
import { PayoutIndex } from '../outbox/payout-index'
import { inTransaction } from '../transaction'
import { CreateWithdrawalSchema } from '../../../../shared/api/requests'
import { WithdrawalSchema, type Withdrawal } from '../../../../shared/api/resources'
import { recordedDifferences } from '../../../../shared/payouts/recorded-vs-asked'
import { AlteredWithdrawals } from './altered-withdrawals-repo'
import type { AuditChain } from '../audit/audit-chain'
import { decisionRow } from '../audit/decision-row'
import { statement } from '../statement-cache'

/** Payouts kept parsed: a few large batches at once. */
const PARSED_BODIES_KEPT = 50_000

/**
 * The provider's latest answer for a withdrawal and when it was read, so a process that does not poll it still sees it.
 */
export class WithdrawalCache {
  private readonly known: KnownAddresses
  private readonly index: PayoutIndex
  private readonly altered: AlteredWithdrawals
  private readonly parsedBodies = new Map<string, { body: string; withdrawal: Withdrawal }>()

  constructor(
    private readonly db: DatabaseSync,
    /** This process: another process's writes are the ones it announces (see `changedSince`). */
    private readonly writer: string,
    private readonly audit: AuditChain,
  ) {
    this.known = new KnownAddresses(db)
    this.index = new PayoutIndex(db)
    this.altered = new AlteredWithdrawals(db)
  }

  put(withdrawal: Withdrawal, readAt = new Date().toISOString()): void {
    inTransaction(this.db, () => this.write(withdrawal, readAt))
  }

  /** A listed page at once, in one transaction: the search then finds what the list showed. */
  putMany(withdrawals: readonly Withdrawal[], readAt = new Date().toISOString()): void {
    inTransaction(this.db, () => {
      for (const w of withdrawals) this.write(w, readAt)
    })
  }

  private write(withdrawal: Withdrawal, readAt: string): void {
    const body = JSON.stringify(withdrawal)
    // A payout read again unchanged (a batch's rows, every round they are followed) only has its read time moved:
    // its search row and its paid address were written with this very body.
    const stored = statement(this.db, 'SELECT body FROM withdrawal_cache WHERE id = ?').get(withdrawal.id)
    const same = foundRowOf(BodySchema, stored, 'withdrawal_cache')?.body === body
    statement(
      this.db,
      `INSERT INTO withdrawal_cache (id, body, read_at, status, change_seq, writer)
         VALUES (?1, ?2, ?3, ?4, (SELECT COALESCE(MAX(change_seq), 0) + 1 FROM withdrawal_cache), ?5)
         ON CONFLICT(id) DO UPDATE SET body = excluded.body, read_at = excluded.read_at, status = excluded.status,
           change_seq = excluded.change_seq, writer = excluded.writer`,
    ).run(withdrawal.id, body, readAt, withdrawal.status, this.writer)
    if (same) return
    // A completed payout's destination is one the profile has paid: a look-alike of it is suspect.
    this.known.notePayout(withdrawal)
    this.index.refreshWithdrawal(withdrawal.id)
    this.compareWithAsked(withdrawal, readAt)
  }

  /**
   * Every withdrawal read from the provider passes here (create answers, polls, lists), so this is where what the
   * provider recorded is held against the body the outbox asked for. A difference is noted once, with an audit row;
   * the send gate then refuses this profile's sends until a person acknowledges it.
   */
  private compareWithAsked(withdrawal: Withdrawal, readAt: string): void {
    const row = foundRowOf(
      AskedRow,
      statement(this.db, 'SELECT key, body FROM outbox WHERE withdrawal_id = ?').get(withdrawal.id),
      'outbox',
    )
    if (!row) return
    let body: unknown
    try {
      body = JSON.parse(row.body)
    } catch {
      return // a damaged outbox row is reported where the outbox is read
    }
    const asked = CreateWithdrawalSchema.safeParse(body)
    if (!asked.success) return
    // Only a whole answer is compared (a caller may keep a partial one it made itself).
    if (!WithdrawalSchema.safeParse(withdrawal).success) return
    const differences = recordedDifferences(asked.data, withdrawal)
    if (differences.length === 0 || !this.altered.note(withdrawal.id, row.key, differences, readAt)) return
    this.audit.append(
      decisionRow(
        readAt,
        'payout.altered',
        'provider',
        row.key,
        { withdrawal_id: withdrawal.id, differences },
        'withdrawal_altered',
      ),
    )
  }

  /** Null when never read or when the stored copy fails its schema (then it is read again from the provider). */
  get(id: string): { withdrawal: Withdrawal; readAt: string } | null {
    const row = foundRowOf(
      CachedRow,
      statement(this.db, 'SELECT body, read_at FROM withdrawal_cache WHERE id = ?').get(id),
      'withdrawal_cache',
    )
    const withdrawal = row ? this.parsed(id, row.body) : null
    return row && withdrawal ? { withdrawal, readAt: row.read_at } : null
  }

  /**
   * A batch's payouts are asked for one by one on every round of its follower: a body read before is not checked again.
   */
  private parsed(id: string, body: string): Withdrawal | null {
    const known = this.parsedBodies.get(id)
    if (known?.body === body) return known.withdrawal
    const withdrawal = parseWithdrawal(body)
    if (this.parsedBodies.size >= PARSED_BODIES_KEPT) this.parsedBodies.clear()
    if (withdrawal) this.parsedBodies.set(id, { body, withdrawal })
    return withdrawal
  }

  /** Where the cache's order of changes stands now: `changedSince` from here returns only later writes. */
  changeMark(): number {
    const row = statement(this.db, 'SELECT COALESCE(MAX(change_seq), 0) AS seq FROM withdrawal_cache').get()
    return rowOf(SeqSchema, row, 'withdrawal_cache').seq
  }

  /** What other processes wrote after `mark` (rows that fail their schema left out), and the new mark. */
  changedSince(mark: number): { withdrawals: Withdrawal[]; mark: number } {
    const now = this.changeMark()
    if (now === mark) return { withdrawals: [], mark }
    // This process's own writes were announced where they were made; their bodies are not read again.
    const rows = statement(
      this.db,
      'SELECT body FROM withdrawal_cache WHERE change_seq > ? AND change_seq <= ? AND writer IS NOT ? ORDER ' +
        'BY change_seq',
    ).all(mark, now, this.writer)
    return {
      withdrawals: rowsOf(BodySchema, rows, 'withdrawal_cache')
        .map((r) => parseWithdrawal(r.body))
        .filter((w): w is Withdrawal => w !== null),
      mark: now,
    }
  }
}

const SeqSchema = z.object({ seq: z.number() })
const BodySchema = z.object({ body: z.string() })
const AskedRow = z.object({ key: z.string(), body: z.string() })
const CachedRow = z.object({ body: z.string(), read_at: z.string() })

function parseWithdrawal(body: string): Withdrawal | null {
  try {
    const parsed = WithdrawalSchema.safeParse(JSON.parse(body))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
