import type { DatabaseSync, SQLInputValue } from 'node:sqlite'

/**
 * The wallet and network each own-side party stands for (migration 18). A text search that matches a wallet's own
 * address matches most of that wallet's legs on that network: they are walked newest first by the wallet index, which
 * stops at the page's end, instead of being sorted (an asset filter beside such an address sorted a third of the
 * ledger, 0.7 s at a million legs). Replaces `ledger_own_parties` (migration 16), which knew the party only.
 */
export const LEDGER_OWN_SIDES_SQL = `
  CREATE TABLE ledger_own_sides (party INTEGER NOT NULL REFERENCES ledger_parties(id), wallet_id INTEGER, network INTEGER);
  CREATE UNIQUE INDEX ledger_own_sides_key ON ledger_own_sides(party, ifnull(wallet_id, -1), ifnull(network, -1));
  INSERT OR IGNORE INTO ledger_own_sides (party, wallet_id, network)
    SELECT DISTINCT (CASE direction WHEN 'in' THEN to_party ELSE from_party END), wallet_id, network FROM ledger_legs;
  DROP TABLE ledger_own_parties;
`

/** A wallet (its word number) and a network (likewise) whose own side a party is. */
export type OwnSide = [walletId: number | null, network: number | null]

/** Lists that a leg names `party` as its wallet's own side; each pair once per write. */
export class OwnSides {
  private readonly listed = new Set<string>()
  private statement: ReturnType<DatabaseSync['prepare']> | null = null

  constructor(private readonly db: DatabaseSync) {}

  note(party: number, walletId: number | null, network: number | null): void {
    const key = `${party} ${walletId} ${network}`
    if (this.listed.has(key)) return
    this.statement ??= this.db.prepare('INSERT OR IGNORE INTO ledger_own_sides (party, wallet_id, network) VALUES (?, ?, ?)')
    this.statement.run(party, walletId, network)
    this.listed.add(key)
  }

  /** Before a write, and after one was rolled back: what was listed may be gone. */
  forget(): void {
    this.listed.clear()
  }
}

/**
 * When one of the parties (a JSON list of their numbers) is a wallet's own side: every wallet and network pair on the
 * networks it is own on. A leg naming such a party is on one of them, as its own side or, in a move between wallets,
 * as its counterparty; walking these pairs finds all of them. Null when none of the parties is an own side.
 */
export function ownSideNetworks(db: DatabaseSync, parties: SQLInputValue): OwnSide[] | null {
  const hit = db.prepare('SELECT 1 FROM ledger_own_sides WHERE party IN (SELECT value FROM json_each(?)) LIMIT 1').get(parties)
  if (!hit) return null
  const statement = db.prepare(`SELECT DISTINCT a.wallet_id, a.network FROM ledger_own_sides a
    WHERE EXISTS (SELECT 1 FROM ledger_own_sides o WHERE o.party IN (SELECT value FROM json_each(?)) AND o.network IS a.network)`)
  statement.setReturnArrays(true)
  return statement.all(parties) as unknown as OwnSide[]
}
