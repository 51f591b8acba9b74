import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { z } from 'zod'
import {
  dustThreshold,
  DustThresholdsSchema,
  isBaitCandidate,
  isSuspectedBait,
  type DustThresholds,
} from '../../../../shared/address/dust-bait'
import { amountKey } from '../../../../shared/api/amount-key'
import type { TransactionLeg } from '../../../../shared/api/resources'
import { DeskError } from '../../errors'
import type { RepoFactory } from '../repo-factory'
import { CountRow, MetaValueRow } from '../common-rows'
import { foundRowOf, rowOf, rowsOf } from '../scalar-rows'
import { KnownAddresses } from '../destinations/known-addresses'
import { amountText } from './ledger-amounts'
import { createdAtSql } from './ledger-created-at'
import { registerAmountKey } from './ledger-sql'
import { LedgerWords } from './ledger-words'

/** An asset as a leg stores it: its word's number, or the text itself before words were numbered. */
const StoredAssetRow = z.object({ asset: z.union([z.number(), z.string()]) })
/** The profile's own dust thresholds (JSON by asset) in the store's meta table: they travel with its ledger. */
const THRESHOLDS = 'dust_thresholds'

/**
 * Suspected address poisoning, stored on each leg as `bait` so the filter is one partial-index read:
 * NULL not incoming dust, 0 incoming dust from no look-alike (yet), 1 flagged. A leg is judged when it is stored;
 * dust legs not flagged are judged again when the index gains addresses (a sync walks newest first, so the real
 * address may arrive after its bait), and every leg of an asset when its threshold changes.
 */
export class BaitFlags {
  private readonly known: KnownAddresses
  private readonly words: LedgerWords
  private readStatement: StatementSync | null = null

  constructor(private readonly db: DatabaseSync) {
    this.known = new KnownAddresses(db)
    this.words = new LedgerWords(db)
    // The migration's connection too: rejudging selects dust by the sortable amount key.
    registerAmountKey(db)
  }

  thresholds(): DustThresholds {
    this.readStatement ??= this.db.prepare('SELECT value FROM meta WHERE name = ?')
    const row = foundRowOf(MetaValueRow, this.readStatement.get(THRESHOLDS), 'meta')
    if (row === undefined) return {}
    const parsed = DustThresholdsSchema.safeParse(JSON.parse(row.value))
    if (!parsed.success)
      throw new DeskError(
        'record_corrupt',
        'The dust thresholds stored with this profile are damaged; set them again (history dust).',
      )
    return parsed.data
  }

  /** The flag for a leg about to be stored, under the thresholds read once for its page. */
  judge(leg: TransactionLeg, own: DustThresholds): 0 | 1 | null {
    const candidate = {
      direction: leg.direction,
      network: leg.network,
      amount: leg.amount,
      from: leg.from.address,
      at: leg.created_at,
    }
    const threshold = dustThreshold(own, leg.asset)
    if (!isBaitCandidate(candidate, threshold)) return null
    return isSuspectedBait(candidate, threshold, this.known.sameLook(leg.network!, leg.from.address)) ? 1 : 0
  }

  /** Judges again the dust legs not flagged: after the index gained addresses. Runs in the caller's transaction. */
  recheck(): void {
    const own = this.thresholds()
    const rows = this.db
      .prepare(
        `SELECT l.seq, l.asset, l.network, l.amount, ${createdAtSql('l')} AS created_at, f.address FROM ` +
          `ledger_legs l JOIN ledger_parties f ON f.id = l.from_party WHERE l.bait = 0`,
      )
      .all()
    this.write(rowsOf(CandidateSchema, rows, 'ledger_legs'), own)
  }

  /** A profile's threshold for one asset; every leg of that asset is judged again. Runs in the caller's transaction. */
  setThreshold(asset: string, threshold: string): DustThresholds {
    const own = { ...this.thresholds(), [asset]: threshold }
    this.db
      .prepare('INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value')
      .run(THRESHOLDS, JSON.stringify(DustThresholdsSchema.parse(own)))
    this.rejudge(asset, own)
    return own
  }

  /**
   * Every incoming leg of `asset` (of every asset when none is named) judged afresh: the migration and a threshold
   * change.
   */
  rejudge(asset?: string, own: DustThresholds = this.thresholds()): void {
    const assets =
      asset !== undefined
        ? [asset]
        : rowsOf(StoredAssetRow, this.db.prepare('SELECT DISTINCT asset FROM ledger_legs').all(), 'ledger_legs').map(
            (r) => String(this.words.spell(r.asset)),
          )
    const clear = this.db.prepare('UPDATE ledger_legs SET bait = NULL WHERE bait IS NOT NULL AND asset = ?')
    // Only amounts below the threshold, or zero, by the sortable amount key: the rest cannot be dust.
    const select = this.db
      .prepare(`SELECT l.seq, l.asset, l.network, l.amount, ${createdAtSql('l')} AS created_at, f.address FROM
        ledger_legs l JOIN ledger_parties f ON f.id = l.from_party
      WHERE l.asset = ? AND l.direction = 'in' AND l.network IS NOT NULL AND (desk_amount_key(l.amount) < ? OR
        desk_amount_key(l.amount) = ?)`)
    for (const a of assets) {
      clear.run(this.words.stored(a))
      const rows = select.all(this.words.stored(a), amountKey(dustThreshold(own, a)), amountKey('0'))
      this.write(rowsOf(CandidateSchema, rows, 'ledger_legs'), own)
    }
  }

  /** Legs flagged in the whole ledger. */
  flaggedCount(): number {
    return rowOf(CountRow, this.db.prepare('SELECT COUNT(*) AS n FROM ledger_legs WHERE bait = 1').get(), 'ledger_legs')
      .n
  }

  private write(rows: readonly Candidate[], own: DustThresholds): void {
    const put = this.db.prepare('UPDATE ledger_legs SET bait = ? WHERE seq = ?')
    for (const stored of rows) {
      // Asset and network are stored as the words' numbers (ledger-words.ts), the amount packed (ledger-amounts.ts).
      const spelled = {
        asset: this.words.spell(stored.asset),
        network: this.words.spell(stored.network),
        amount: amountText(stored.amount),
      }
      const r = { ...stored, ...rowOf(SpelledSchema, spelled, 'ledger_legs') }
      const leg = { direction: 'in' as const, network: r.network, amount: r.amount, from: r.address, at: r.created_at }
      const threshold = dustThreshold(own, r.asset)
      const flag = !isBaitCandidate(leg, threshold)
        ? null
        : isSuspectedBait(leg, threshold, this.known.sameLook(r.network, r.address))
          ? 1
          : 0
      put.run(flag, r.seq)
    }
  }
}

/** A dust leg to judge as stored: asset and network as the words' numbers, the amount packed, checked once spelled. */
const CandidateSchema = z.object({
  seq: z.number(),
  asset: z.unknown(),
  network: z.unknown(),
  amount: z.unknown(),
  created_at: z.string(),
  address: z.string(),
})
type Candidate = z.infer<typeof CandidateSchema>
const SpelledSchema = z.object({ asset: z.string(), network: z.string(), amount: z.string() })

export const baitFlags: RepoFactory<BaitFlags> = (db) => new BaitFlags(db)
