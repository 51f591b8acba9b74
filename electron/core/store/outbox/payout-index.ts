import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { canonicalAddress, lookalikeKey } from '../../../../shared/address/lookalike'
import { findNetwork } from '../../../../shared/api/networks'
import {
  PayoutHitSchema,
  requesterKind,
  searchFold,
  type PayoutHit,
  type PayoutSearchQuery,
} from '../../../../shared/payouts/payout-search'
import { DeskError } from '../../errors'
import { BodyRow, KeyRow, LabelRow } from '../common-rows'
import { foundRowOf, rowsOf } from '../scalar-rows'
import { atCommit } from '../transaction'
import { RawOutboxRowSchema } from './outbox-row'
import { statement } from '../statement-cache'

const OutboxRawSchema = RawOutboxRowSchema.pick({
  key: true,
  body: true,
  created_at: true,
  requested_by: true,
  state: true,
  withdrawal_id: true,
  reference: true,
})
const IdRow = z.object({ id: z.string() })
const NoteRow = z.object({ note: z.string() })

interface WithdrawalFields {
  id: string
  status: string
  asset: string
  amount: string
  destination: string
  network: string
  tx_hash: string | null
  created_at: string
}

/** The rows a transaction asked to rewrite: entries by key, withdrawals by provider id. */
interface RefreshQueue {
  entries: Set<string>
  withdrawals: Set<string>
}

const HitRowSchema = z.object({ hit: z.string(), note: z.string().nullable() })
const FoundHitRow = HitRowSchema.extend({ id: z.string() })

/** How many of the newest rows a search reads before it turns to the trigram index. */
const RECENT_ROWS = 5000
const NOTE = 'LEFT JOIN payout_notes n ON n.id = i.id'
const RECENT = `SELECT i.hit, n.note FROM (SELECT id, at_ms, hit, haystack FROM payout_index WHERE at_ms >= ?1 AND
  at_ms < ?2 ORDER BY at_ms DESC LIMIT ?5) i ${NOTE}
  WHERE instr(i.haystack, ?3) > 0 ORDER BY i.at_ms DESC LIMIT ?4`
const INDEXED = `SELECT i.hit, n.note FROM payout_fts f JOIN payout_index i ON i.seq = f.rowid ${NOTE}
  WHERE payout_fts MATCH ?3 AND instr(i.haystack, ?4) > 0 AND i.at_ms >= ?1 AND i.at_ms < ?2 ORDER BY i.at_ms DESC
    LIMIT ?5`
// Read in table order (no index), so a short text that matches few rows costs one sequential pass.
const SCANNED =
  `SELECT i.hit, n.note FROM payout_index i NOT INDEXED ${NOTE} WHERE i.at_ms >= ?1 AND i.at_ms ` +
  `< ?2 AND instr(i.haystack, ?3) > 0 ORDER BY i.at_ms DESC LIMIT ?4`

function parseJson(json: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json)
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

/** Every field a person may search by, folded, one per line so a match never spans two fields. */
function haystack(hit: PayoutHit): string {
  const network = hit.network ? findNetwork(hit.network)?.name : undefined
  return searchFold(
    [
      hit.payoutId,
      hit.idempotencyKey,
      hit.status,
      hit.status.replaceAll('_', ' '),
      hit.amount,
      hit.asset,
      hit.network,
      network,
      hit.address,
      hit.destinationName,
      hit.requestedBy,
      hit.requester === 'unknown' ? null : hit.requester,
      hit.reference,
      hit.note,
      hit.txHash,
    ]
      .filter((v) => v)
      .join('\n'),
  )
}

export class PayoutIndex {
  constructor(private readonly db: DatabaseSync) {}

  /**
   * Rewrites the row of the outbox entry `key` (after it was recorded or moved); inside a transaction, once at its
   * end (see `later`).
   */
  refreshEntry(key: string): void {
    const queue = this.later()
    if (queue) queue.entries.add(key)
    else this.refresh(key)
  }

  /** Rewrites the row of a withdrawal the provider answered (after it was cached): its entry's row, or its own. */
  refreshWithdrawal(withdrawalId: string): void {
    const queue = this.later()
    if (queue) queue.withdrawals.add(withdrawalId)
    else this.refresh(this.owner(withdrawalId))
  }

  /**
   * An accepted payout moves its entry and caches the provider's answer in one commit, and each asked for its row: the
   * rows a transaction touched are written once, when all its moves are made.
   */
  private later(): RefreshQueue | null {
    return atCommit(this.db, 'payout index', () => {
      const queue: RefreshQueue = { entries: new Set(), withdrawals: new Set() }
      return {
        state: queue,
        run: () => {
          const ids = new Set(queue.entries)
          for (const id of queue.withdrawals) ids.add(this.owner(id))
          for (const id of ids) this.refresh(id)
        },
      }
    })
  }

  /** The row a withdrawal is indexed under: its outbox entry's key, or its own id. */
  private owner(withdrawalId: string): string {
    const owner = statement(this.db, 'SELECT key FROM outbox WHERE withdrawal_id = ? LIMIT 1').get(withdrawalId)
    return foundRowOf(KeyRow, owner, 'outbox')?.key ?? withdrawalId
  }

  /** Every row again, from the outbox and the cache (the migration that made the index). */
  rebuild(): void {
    for (const r of rowsOf(KeyRow, statement(this.db, 'SELECT key FROM outbox').all(), 'outbox')) this.refresh(r.key)
    for (const r of rowsOf(IdRow, statement(this.db, 'SELECT id FROM withdrawal_cache').all(), 'withdrawal_cache'))
      this.refresh(this.owner(r.id))
  }

  /**
   * Newest first. The text is folded and matched as a substring with `instr` (a bound parameter), so `%`, `_`,
   * quotes and regex characters are only characters; `from`/`to` are UTC days, both included.
   */
  search(
    query: Required<Pick<PayoutSearchQuery, 'text' | 'limit'>> & Pick<PayoutSearchQuery, 'from' | 'to'>,
  ): PayoutHit[] {
    const from = query.from ? Date.parse(`${query.from}T00:00:00Z`) : Number.MIN_SAFE_INTEGER
    const to = query.to ? Date.parse(`${query.to}T00:00:00Z`) + 86_400_000 : Number.MAX_SAFE_INTEGER
    const text = searchFold(query.text.trim())
    const params = [from, to, text, query.limit] as const
    // A common text fills the page from the newest rows; a rarer one is looked up in the trigram index (three
    // characters or more, quoted as one phrase so its characters are only characters); a short rare one is scanned.
    const run = (sql: string, ...values: Array<string | number>) =>
      rowsOf(HitRowSchema, statement(this.db, sql).all(...values), 'payout_index')
    let rows = run(RECENT, ...params, RECENT_ROWS)
    if (rows.length < query.limit) {
      rows =
        Array.from(text).length >= 3
          ? run(INDEXED, from, to, `"${text.replaceAll('"', '""')}"`, text, query.limit)
          : run(SCANNED, ...params)
    }
    return rows.flatMap((r) => {
      const parsed = PayoutHitSchema.safeParse({ ...parseJson(r.hit), note: r.note })
      return parsed.success ? [parsed.data] : []
    })
  }

  /** The payout a person names by its payout id or its Idempotency-Key; refused when the store has no such payout. */
  find(ref: string): { id: string; hit: PayoutHit } {
    const found = statement(
      this.db,
      'SELECT i.id, i.hit, n.note FROM payout_index i LEFT JOIN payout_notes n ON n.id = i.id WHERE i.id = ? ' +
        'OR i.payout_id = ? LIMIT 1',
    ).get(ref, ref)
    const row = foundRowOf(FoundHitRow, found, 'payout_index')
    const parsed = row ? PayoutHitSchema.safeParse({ ...parseJson(row.hit), note: row.note }) : null
    if (!row || !parsed?.success)
      throw new DeskError(
        'invalid_input',
        'No payout in this profile has that payout id or Idempotency-Key (list them with "payout search").',
      )
    return { id: row.id, hit: parsed.data }
  }

  /** The payout with this provider id, or null. */
  byPayoutId(payoutId: string): PayoutHit | null {
    const found = statement(
      this.db,
      'SELECT i.hit, n.note FROM payout_index i LEFT JOIN payout_notes n ON n.id = i.id WHERE i.payout_id = ?',
    ).get(payoutId)
    const row = foundRowOf(HitRowSchema, found, 'payout_index')
    const parsed = row ? PayoutHitSchema.safeParse({ ...parseJson(row.hit), note: row.note }) : null
    return parsed?.success ? parsed.data : null
  }

  /** Sets (or, when empty, removes) the private note of a payout named by id or key; the caller checked the text. */
  setNote(ref: string, note: string, by: string, at: string): PayoutHit {
    const { id } = this.find(ref)
    if (note === '') statement(this.db, 'DELETE FROM payout_notes WHERE id = ?').run(id)
    else {
      statement(
        this.db,
        'INSERT INTO payout_notes (id, note, updated_at, updated_by) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO ' +
          'UPDATE SET note = excluded.note, updated_at = excluded.updated_at, updated_by = excluded.updated_by',
      ).run(id, note, at, by)
    }
    this.refresh(id)
    return this.find(id).hit
  }

  private refresh(id: string): void {
    const stored = statement(
      this.db,
      'SELECT key, body, created_at, requested_by, state, withdrawal_id, reference FROM outbox WHERE key = ?',
    ).get(id)
    // A damaged outbox row is reported by the outbox itself; it has nothing trustworthy to index.
    const read = stored === undefined ? null : OutboxRawSchema.safeParse(stored)
    if (read && !read.success) return
    const entry = read?.data
    const withdrawalId = entry ? entry.withdrawal_id : id
    const withdrawal = withdrawalId ? this.cached(withdrawalId) : null
    const body = entry ? parseJson(entry.body) : null
    if ((entry && !body) || (!entry && !withdrawal)) return
    if (entry && withdrawalId) this.adopt(withdrawalId, id)
    const network = withdrawal?.network ?? str(body?.network)
    const address = withdrawal?.destination ?? str(body?.destination) ?? ''
    const note = this.note(id)
    const hit: PayoutHit = {
      payoutId: withdrawalId,
      idempotencyKey: entry?.key ?? null,
      createdAt: entry?.created_at ?? withdrawal!.created_at,
      status: withdrawal?.status ?? entry!.state,
      amount: withdrawal?.amount ?? str(body?.amount) ?? '',
      asset: withdrawal?.asset ?? str(body?.asset) ?? '',
      network,
      address,
      destinationName: network ? this.destinationName(network, address) : null,
      requestedBy: entry?.requested_by ?? null,
      requester: requesterKind(entry?.requested_by ?? null),
      reference: entry?.reference ?? null,
      note,
      txHash: withdrawal?.tx_hash ?? null,
    }
    statement(
      this.db,
      `INSERT INTO payout_index (id, payout_id, at_ms, hit, haystack) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET payout_id = excluded.payout_id, at_ms = excluded.at_ms, hit = excluded.hit,
           haystack = excluded.haystack`,
    ).run(id, withdrawalId, Date.parse(hit.createdAt) || 0, JSON.stringify({ ...hit, note: null }), haystack(hit))
  }

  /**
   * A withdrawal cached before its entry recorded the id had a row of its own: the entry's row takes it over, note
   * included.
   */
  private adopt(withdrawalId: string, key: string): void {
    if (withdrawalId === key) return
    statement(
      this.db,
      'INSERT OR IGNORE INTO payout_notes (id, note, updated_at, updated_by) SELECT ?, note, updated_at, ' +
        'updated_by FROM payout_notes WHERE id = ?',
    ).run(key, withdrawalId)
    statement(this.db, 'DELETE FROM payout_notes WHERE id = ?').run(withdrawalId)
    statement(this.db, 'DELETE FROM payout_index WHERE id = ?').run(withdrawalId)
  }

  private cached(id: string): WithdrawalFields | null {
    const row = foundRowOf(
      BodyRow,
      statement(this.db, 'SELECT body FROM withdrawal_cache WHERE id = ?').get(id),
      'withdrawal_cache',
    )
    const body = row ? parseJson(row.body) : null
    if (!body) return null
    const [status, asset, amount, destination, network, createdAt] = [
      'status',
      'asset',
      'amount',
      'destination',
      'network',
      'created_at',
    ].map((k) => str(body[k]))
    if (!status || !asset || !amount || destination === null || destination === undefined || !network || !createdAt)
      return null
    return { id, status, asset, amount, destination, network, tx_hash: str(body.tx_hash), created_at: createdAt }
  }

  private destinationName(network: string, address: string): string | null {
    const look = lookalikeKey(network, address)
    if (look === null) return null
    const row = statement(
      this.db,
      'SELECT label FROM known_addresses WHERE network = ? AND look = ? AND address = ? AND label IS NOT NULL ' +
        "ORDER BY source = 'destination' DESC LIMIT 1",
    ).get(network, look, canonicalAddress(network, address))
    return foundRowOf(LabelRow, row, 'known_addresses')?.label ?? null
  }

  private note(id: string): string | null {
    const row = statement(this.db, 'SELECT note FROM payout_notes WHERE id = ?').get(id)
    return foundRowOf(NoteRow, row, 'payout_notes')?.note ?? null
  }
}
