import { existsSync } from 'node:fs'
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { WalletSchema, type Wallet } from '../../../shared/api/resources'
import { openSnapshotConnection } from './database'
import { foundRowOf, rowOf } from './scalar-rows'

/** The wallets of the profile's last read from the provider, kept so a screen over every profile needs no request. */
export class WalletReads {
  constructor(private readonly db: DatabaseSync) {}

  note(wallets: readonly Wallet[], readAt = new Date().toISOString()): void {
    this.db
      .prepare(
        'INSERT INTO wallet_reads (id, body, read_at) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET body = ' +
          'excluded.body, read_at = excluded.read_at',
      )
      .run(JSON.stringify(wallets), readAt)
  }
}

export const walletReads = (db: DatabaseSync): WalletReads => new WalletReads(db)

/** What one profile's store says without asking the provider. */
export interface StoreGlance {
  wallets: { wallets: Wallet[]; readAt: string } | null
  /** Payouts whose last known status is pending_approval. */
  waitingApproval: number
  /**
   * When that count was read: the oldest read of a payout it counts (any may have been approved since), or, when none
   * waits, the last read of any payout; null when no payout was ever read, so the count means nothing yet.
   */
  waitingReadAt: string | null
  /** Agent requests the policy holds for a person. */
  held: number
  /** Outbox entries neither accepted nor discarded nor held: queued, sending, outcome unknown, refused. */
  unresolved: number
  ledger: { complete: boolean; syncedAtMs: number | null; lastError: string | null } | null
}

const LedgerRow = z.object({
  complete: z.number(),
  synced_at_ms: z.number().nullable(),
  last_error: z.string().nullable(),
})
const Count = z.object({ n: z.number() })
const WalletReadRow = z.object({ body: z.string(), read_at: z.string() })
const Waiting = z.object({ n: z.number(), oldest: z.string().nullable(), latest: z.string().nullable() })

/**
 * Reads a profile's database through a read-only snapshot: nothing is created, migrated or registered, so a profile
 * another process has open is read as it is, and one never opened (no file) is null.
 */
export function readStoreGlance(file: string): StoreGlance | null {
  if (!existsSync(file)) return null
  const db = openSnapshotConnection(file)
  try {
    const has = (table: string) =>
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined
    const count = (sql: string) => (has('outbox') ? rowOf(Count, db.prepare(sql).get(), 'outbox').n : 0)
    const read = has('wallet_reads')
      ? foundRowOf(
          WalletReadRow,
          db.prepare('SELECT body, read_at FROM wallet_reads WHERE id = 1').get(),
          'wallet_reads',
        )
      : undefined
    const wallets = read ? z.array(WalletSchema).safeParse(JSON.parse(read.body)) : null
    const ledger = has('ledger_state')
      ? db.prepare('SELECT complete, synced_at_ms, last_error FROM ledger_state WHERE id = 1').get()
      : undefined
    const l = ledger ? rowOf(LedgerRow, ledger, 'ledger_state') : null
    const waiting = has('withdrawal_cache')
      ? rowOf(
          Waiting,
          db
            .prepare(
              `SELECT COUNT(*) AS n, MIN(read_at) AS oldest, (SELECT MAX(read_at) FROM withdrawal_cache) AS latest
                 FROM withdrawal_cache WHERE json_extract(body, '$.status') = 'pending_approval'`,
            )
            .get(),
          'withdrawal_cache',
        )
      : { n: 0, oldest: null, latest: null }
    return {
      wallets: read && wallets?.success ? { wallets: wallets.data, readAt: read.read_at } : null,
      waitingApproval: waiting.n,
      waitingReadAt: waiting.n > 0 ? waiting.oldest : waiting.latest,
      held: count("SELECT COUNT(*) AS n FROM outbox WHERE state = 'held'"),
      unresolved: count("SELECT COUNT(*) AS n FROM outbox WHERE state IN ('queued', 'sending', 'unknown', 'refused')"),
      ledger: l ? { complete: l.complete === 1, syncedAtMs: l.synced_at_ms, lastError: l.last_error } : null,
    }
  } finally {
    db.close()
  }
}
