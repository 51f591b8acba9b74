import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { foundRowOf, rowOf } from '../scalar-rows'

const PartyIdRow = z.object({ id: z.number() })

type Party = { name: string | null; address: string }

/**
 * A party's search text as stored (from migration 17): null where it is the address as SQL lower-cases it
 * (ledger-sql.ts searches both).
 */
export const PARTY_SEARCH_SQL = (search: string, address: string) =>
  `CASE WHEN ${search} = ' ' || lower(${address}) THEN NULL ELSE ${search} END`

/**
 * The ledger's parties as numbers (a leg's `from_party` and `to_party`), and which of them a leg names on its wallet's
 * own side (`ledger_own_parties`, migration 16): the text search walks those parties' legs rather than looking them
 * up.
 */
export class LedgerParties {
  private readonly ids = new Map<string, number>()
  /** The party of the highest number remembered, whose row proves the memory still holds (see begin). */
  private newest: (Party & { id: number }) | null = null
  /** Parties this write listed as an own side, so each is listed once per write. */
  private readonly ownListed = new Set<number>()

  constructor(private readonly db: DatabaseSync) {}

  /**
   * Before a write. A transaction rolled back after an earlier write took the parties it added with it, and SQLite
   * gives their numbers to the next new parties: remembered, they would name another party's legs. The party of the
   * highest number remembered is still there as it was unless that happened (or another process cleared the ledger).
   */
  begin(): void {
    this.ownListed.clear()
    const newest = this.newest
    if (
      newest &&
      !this.db
        .prepare('SELECT 1 FROM ledger_parties WHERE id = ? AND address = ? AND name IS ?')
        .get(newest.id, newest.address, newest.name)
    )
      this.forget()
  }

  /** The party's number, the party added when new; `own`: the leg names it on its wallet's side. */
  number(p: Party, own: boolean): number {
    const id = this.known(p)
    if (own && !this.ownListed.has(id)) {
      this.db.prepare('INSERT INTO ledger_own_parties (id) VALUES (?) ON CONFLICT (id) DO NOTHING').run(id)
      this.ownListed.add(id)
    }
    return id
  }

  /** After a write was rolled back or the ledger cleared: numbers it added may be gone. */
  forget(): void {
    this.ids.clear()
    this.newest = null
    this.ownListed.clear()
  }

  private known(p: Party): number {
    const key = JSON.stringify([p.name, p.address])
    const known = this.ids.get(key)
    if (known !== undefined) return known
    // One row per name and address, found by the address index (migration 17); writes are serialised by their
    // transaction.
    const stored = this.db
      .prepare('SELECT id FROM ledger_parties WHERE lower(address) = lower(?1) AND address = ?1 AND name IS ?2')
      .get(p.address, p.name)
    const id =
      foundRowOf(PartyIdRow, stored, 'ledger_parties')?.id ??
      rowOf(
        PartyIdRow,
        this.db
          .prepare(
            `INSERT INTO ledger_parties (name, address, search) VALUES (?1, ?2, ` +
              `${PARTY_SEARCH_SQL('?3', '?2')}) RETURNING id`,
          )
          .get(p.name, p.address, `${p.name ?? ''} ${p.address}`.toLowerCase()),
        'ledger_parties',
      ).id
    this.ids.set(key, id)
    if (id > (this.newest?.id ?? -1)) this.newest = { id, name: p.name, address: p.address }
    return id
  }
}
