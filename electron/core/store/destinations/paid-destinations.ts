import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { canonicalAddress } from '../../../../shared/address/lookalike'
import { sameAddress } from '../../../../shared/api/address'
import { TERMINAL_WITHDRAWAL_STATUSES } from '../../../../shared/api/resources'
import type { RepoFactory } from '../repo-factory'
import { COUNTERPARTY_SQL } from '../ledger/ledger-index-keys'
import { rowsOf } from '../scalar-rows'

const AddressRow = z.object({ address: z.string() })
const PaidRow = z.object({ network: z.string(), address: z.string() })
const OpenPayoutRow = z.object({ id: z.string(), network: z.string().nullable(), destination: z.string() })
const TERMINAL = `(${TERMINAL_WITHDRAWAL_STATUSES.map((s) => `'${s}'`).join(', ')})`

export interface Destination {
  network: string
  address: string
}

/**
 * What the store knows of payouts to an address: whether one completed (the outbox with the provider's latest answer,
 * or an outgoing ledger leg), and which of the outbox's have not finished yet. Addresses are compared as the provider
 * compares them (shared/api/address.ts): SQL narrows by lower case (indexed for ledger parties), the rule decides.
 */
export class PaidDestinations {
  constructor(private readonly db: DatabaseSync) {}

  /** True when a payout to `address` on `network` completed, as the outbox's cached answer or the ledger records it. */
  paidBefore(network: string, address: string): boolean {
    return this.paid(this.completedInOutbox(address), [{ network, address }])[0]!
  }

  /** `paidBefore` for many destinations (a batch): one pass over the outbox, one indexed ledger lookup each. */
  paidAmong(destinations: readonly Destination[]): boolean[] {
    return this.paid(this.completedInOutbox(null), destinations)
  }

  private paid(completed: Set<string>, destinations: readonly Destination[]): boolean[] {
    const ledger = this.db.prepare(
      // An outgoing leg's counterparty is its `to`, found by the counterparty index (migration 16); +p.id lets the
      // planner see that.
      `SELECT p.address FROM ledger_parties p JOIN ledger_legs l ON ${COUNTERPARTY_SQL} = +p.id
       WHERE lower(p.address) = lower(?) AND l.direction = 'out' AND l.status = (SELECT id FROM ledger_words WHERE
         word = 'completed')
         AND l.network = (SELECT id FROM ledger_words WHERE word = ?)`,
    )
    return destinations.map(
      (d) =>
        completed.has(key(d.network, d.address)) ||
        rowsOf(AddressRow, ledger.all(d.address, d.network), 'ledger_parties').some((r) =>
          sameAddress(d.network, r.address, d.address),
        ),
    )
  }

  /**
   * Destinations of the outbox's payouts the provider reported completed; only those spelled like `address` in any
   * case, when given.
   */
  private completedInOutbox(address: string | null): Set<string> {
    const rows = this.db
      .prepare(
        `SELECT json_extract(w.body, '$.network') AS network, json_extract(w.body, '$.destination') AS address
         FROM outbox o JOIN withdrawal_cache w ON w.id = o.withdrawal_id
         WHERE o.state = 'accepted' AND json_valid(w.body) AND json_extract(w.body, '$.status') = 'completed'
           AND (?1 IS NULL OR lower(json_extract(w.body, '$.destination')) = lower(?1))`,
      )
      .all(address)
    return new Set(rowsOf(PaidRow, rows, 'withdrawal_cache').map((r) => key(r.network, r.address)))
  }

  /** Withdrawal ids of accepted outbox entries to the address whose last known status is not final (or never read). */
  unfinishedTo(network: string, address: string): string[] {
    const rows = this.db
      .prepare(
        `SELECT o.withdrawal_id AS id, json_extract(o.body, '$.network') AS network, json_extract(o.body,
          '$.destination') AS destination
         FROM outbox o LEFT JOIN withdrawal_cache w ON w.id = o.withdrawal_id
         WHERE o.state = 'accepted' AND o.withdrawal_id IS NOT NULL AND lower(json_extract(o.body, '$.destination'))
           = lower(?)
           AND (w.body IS NULL OR NOT json_valid(w.body) OR json_extract(w.body, '$.status') NOT IN ${TERMINAL})`,
      )
      .all(address)
    return rowsOf(OpenPayoutRow, rows, 'outbox')
      .filter((r) => (r.network === null || r.network === network) && sameAddress(network, r.destination, address))
      .map((r) => r.id)
  }
}

/** One spelling per address (the provider's equality), under its network. */
function key(network: string, address: string): string {
  return `${network}\n${canonicalAddress(network, address)}`
}

export const paidDestinations: RepoFactory<PaidDestinations> = (db) => new PaidDestinations(db)
