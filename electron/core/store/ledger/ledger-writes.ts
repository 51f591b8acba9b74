import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { isFinalLegStatus } from '../../../../shared/api/leg-status'
import type { TransactionLeg } from '../../../../shared/api/resources'
import type { BaitFlags } from './bait-flags'
import type { KnownAddresses } from '../destinations/known-addresses'
import { packAmount } from './ledger-amounts'
import { hashKey, idIndexKey, idKey } from './ledger-keys'
import type { LedgerParties } from './ledger-parties'
import { readable, TALLY_READ } from './ledger-rows'
import { arrayRow, arrays, LEG_ID } from './ledger-sql'
import type { LedgerWords } from './ledger-words'
import type { OpeningSums, TimedLeg } from './opening-sums'

/**
 * The ledger's writes of legs as the provider answered them: each written over its stored row or added, with what
 * follows from it.
 */
export class LegWrites {
  constructor(
    private readonly db: DatabaseSync,
    private readonly words: LedgerWords,
    private readonly parties: LedgerParties,
    private readonly known: KnownAddresses,
    private readonly bait: BaitFlags,
    private readonly sums: OpeningSums,
    /** Every leg, for the opening sums when they must be counted again. */
    private readonly recount: () => Iterable<TimedLeg>,
  ) {}

  /** A write rolled back may take words and parties with it: they are read again rather than trusted from memory. */
  write(legs: readonly TransactionLeg[], readAtMs: number, recheckMs: number): void {
    try {
      this.upsert(legs, readAtMs, recheckMs)
    } catch (error) {
      this.words.forget()
      this.parties.forget()
      throw error
    }
  }

  private upsert(legs: readonly TransactionLeg[], readAtMs: number, recheckMs: number): void {
    // No unique index holds (id, direction) (migration 16): the stored leg is looked up, then written over or added.
    const columns = [
      'at_ms',
      'created_at',
      'wallet_id',
      'asset',
      'network',
      'network_name',
      'status',
      'final',
      'amount',
      'fee',
      'fee_asset',
      'from_party',
      'to_party',
      'tx_hash',
      'read_at_ms',
      'bait',
    ]
    const insert = this.db.prepare(
      `INSERT INTO ledger_legs (id, direction, ${columns.join(', ')}) VALUES (?, ?, ` +
        `${columns.map(() => '?').join(', ')})`,
    )
    const update = this.db.prepare(`UPDATE ledger_legs SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE seq = ?`)
    const pending = this.db.prepare(
      'INSERT INTO ledger_pending (id, attempts, next_check_ms) VALUES (?, 0, ?) ON CONFLICT(id) DO NOTHING',
    )
    const settled = this.db.prepare('DELETE FROM ledger_pending WHERE id = ?')
    const stored = arrays(
      this.db.prepare(`SELECT ${TALLY_READ.select} FROM ledger_legs l WHERE ${LEG_ID} AND l.direction = ?`),
    )
    const open = new Set<string>()
    this.words.begin()
    this.parties.begin()
    // Parties first, so a page's bait is judged against the addresses on that page too.
    this.known.noteLegs(legs)
    const thresholds = this.bait.thresholds()
    this.sums.begin()
    for (const leg of legs) {
      const final = isFinalLegStatus(leg.status)
      if (!final) open.add(leg.id)
      const atMs = Date.parse(leg.created_at)
      const id = idKey(leg.id)
      const before = arrayRow(stored.get(idIndexKey(id), id, leg.direction))
      const after: TimedLeg = { ...leg, walletId: leg.wallet_id, feeAsset: leg.fee_asset, final, atMs }
      const seq = before?.[TALLY_READ.at.seq]
      this.sums.change(before === undefined ? null : readable(before, this.words), after)
      // The usual form of the time is not stored: reads write it again from at_ms (ledger-created-at.ts).
      const createdAt = Number.isFinite(atMs) && new Date(atMs).toISOString() === leg.created_at ? null : leg.created_at
      const w = this.words
      const incoming = leg.direction === 'in'
      const values: SQLInputValue[] = [
        atMs,
        createdAt,
        w.intern(leg.wallet_id),
        w.intern(leg.asset),
        w.intern(leg.network),
        w.intern(leg.network_name),
        w.intern(leg.status),
        final ? 1 : 0,
        packAmount(leg.amount),
        packAmount(leg.fee),
        w.intern(leg.fee_asset),
        this.parties.number(leg.from, !incoming),
        this.parties.number(leg.to, incoming),
        hashKey(leg.tx_hash),
        w.times.intern(readAtMs),
        this.bait.judge(leg, thresholds),
      ]
      if (seq === undefined) insert.run(id, leg.direction, ...values)
      else update.run(...values, seq as number)
    }
    for (const id of new Set(legs.map((l) => l.id))) {
      if (open.has(id)) pending.run(id, recheckMs)
      else settled.run(id)
    }
    this.sums.commit(this.recount)
  }
}
