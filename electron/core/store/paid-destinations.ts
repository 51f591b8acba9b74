import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { sameAddress } from '../../../shared/api/address'
import { TERMINAL_WITHDRAWAL_STATUSES } from '../../../shared/api/resources'
import type { RepoFactory } from './desk-store'
import { rowsOf } from './scalar-rows'

const AddressRow = z.object({ address: z.string() })
const OpenPayoutRow = z.object({ id: z.string(), network: z.string().nullable(), destination: z.string() })
const TERMINAL = `(${TERMINAL_WITHDRAWAL_STATUSES.map((s) => `'${s}'`).join(', ')})`

/**
 * What the store knows of payouts to one address: whether one completed (the outbox with the provider's latest
 * answer, or an outgoing ledger leg), and which of the outbox's have not finished yet. SQL narrows by the address
 * in lower case (indexed for ledger parties); the provider's own equality (shared/api/address.ts) decides.
 */
export class PaidDestinations {
  constructor(private readonly db: DatabaseSync) {}

  /** True when a payout to `address` on `network` completed, as the outbox's cached answer or the ledger records it. */
  paidBefore(network: string, address: string): boolean {
    const fromOutbox = this.db
      .prepare(
        `SELECT json_extract(w.body, '$.destination') AS address FROM outbox o JOIN withdrawal_cache w ON w.id = o.withdrawal_id
         WHERE o.state = 'accepted' AND json_valid(w.body) AND json_extract(w.body, '$.status') = 'completed'
           AND json_extract(w.body, '$.network') = ? AND lower(json_extract(w.body, '$.destination')) = lower(?)`,
      )
      .all(network, address)
    if (rowsOf(AddressRow, fromOutbox, 'withdrawal_cache').some((r) => sameAddress(network, r.address, address))) return true
    const fromLedger = this.db
      .prepare(
        `SELECT p.address FROM ledger_parties p JOIN ledger_legs l ON l.to_party = p.id
         WHERE lower(p.address) = lower(?) AND l.direction = 'out' AND l.status = 'completed' AND l.network = ?`,
      )
      .all(address, network)
    return rowsOf(AddressRow, fromLedger, 'ledger_parties').some((r) => sameAddress(network, r.address, address))
  }

  /** Withdrawal ids of accepted outbox entries to the address whose last known status is not final (or never read). */
  unfinishedTo(network: string, address: string): string[] {
    const rows = this.db
      .prepare(
        `SELECT o.withdrawal_id AS id, json_extract(o.body, '$.network') AS network, json_extract(o.body, '$.destination') AS destination
         FROM outbox o LEFT JOIN withdrawal_cache w ON w.id = o.withdrawal_id
         WHERE o.state = 'accepted' AND o.withdrawal_id IS NOT NULL AND lower(json_extract(o.body, '$.destination')) = lower(?)
           AND (w.body IS NULL OR NOT json_valid(w.body) OR json_extract(w.body, '$.status') NOT IN ${TERMINAL})`,
      )
      .all(address)
    return rowsOf(OpenPayoutRow, rows, 'outbox')
      .filter((r) => (r.network === null || r.network === network) && sameAddress(network, r.destination, address))
      .map((r) => r.id)
  }
}

export const paidDestinations: RepoFactory<PaidDestinations> = (db) => new PaidDestinations(db)
