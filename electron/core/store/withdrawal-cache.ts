import type { DatabaseSync } from 'node:sqlite'
import { KnownAddresses } from './known-addresses'
import { PayoutIndex } from './payout-index'
import { inTransaction } from './transaction'
import { WithdrawalSchema, type Withdrawal } from '../../../shared/api/resources'

/** The provider's latest answer for a withdrawal and when it was read, so a process that does not poll it still sees it. */
export class WithdrawalCache {
  private readonly known: KnownAddresses
  private readonly index: PayoutIndex

  constructor(private readonly db: DatabaseSync) {
    this.known = new KnownAddresses(db)
    this.index = new PayoutIndex(db)
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
    this.db
      .prepare('INSERT INTO withdrawal_cache (id, body, read_at) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET body = excluded.body, read_at = excluded.read_at')
      .run(withdrawal.id, JSON.stringify(withdrawal), readAt)
    // A completed payout's destination is one the profile has paid: a look-alike of it is suspect.
    this.known.notePayout(withdrawal)
    this.index.refreshWithdrawal(withdrawal.id)
  }

  /** Null when never read or when the stored copy fails its schema (then it is read again from the provider). */
  get(id: string): { withdrawal: Withdrawal; readAt: string } | null {
    const row = this.db.prepare('SELECT body, read_at FROM withdrawal_cache WHERE id = ?').get(id) as { body: string; read_at: string } | undefined
    if (!row) return null
    try {
      const parsed = WithdrawalSchema.safeParse(JSON.parse(row.body))
      return parsed.success ? { withdrawal: parsed.data, readAt: row.read_at } : null
    } catch {
      return null
    }
  }
}
