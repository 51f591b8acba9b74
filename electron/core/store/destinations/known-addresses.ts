import { randomUUID } from 'node:crypto'
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { z } from 'zod'
import { canonicalAddress, comparedNetworks, lookalikeKey } from '../../../../shared/address/lookalike'
import type { TransactionLeg, Withdrawal } from '../../../../shared/api/resources'
import { DeskError } from '../../errors'
import { rebuildKnownAddresses } from './known-addresses-rebuild'
import type { RepoFactory } from '../repo-factory'
import { rowOf, rowsOf } from '../scalar-rows'

/** Where the profile met an address: its destination book, its own wallets, its history, a payout it completed. */
export const KNOWN_SOURCES = ['destination', 'own', 'ledger', 'payout'] as const
export type KnownSource = (typeof KNOWN_SOURCES)[number]

const KnownRowSchema = z.strictObject({
  network: z.string(),
  address: z.string(),
  source: z.enum(KNOWN_SOURCES),
  look: z.string(),
  label: z.string().nullable(),
  seen_at: z.string(),
})

/** An address the profile names itself: its book's or its own wallet's. */
const NamedSchema = KnownRowSchema.pick({ network: true, address: true, label: true }).extend({
  source: z.enum(['destination', 'own']),
})

export interface KnownAddress {
  network: string
  /** Canonical spelling: lower-case where the network ignores case. */
  address: string
  source: KnownSource
  /** The destination's label, the wallet's name, the ledger party's name; null when there is none. */
  label: string | null
  /** When it was seen there: created, read, moved, completed. */
  seenAt: string
}

export type NewKnownAddress = Omit<KnownAddress, 'address'> & { address: string }

/**
 * Moves whenever the index is emptied of the provider's lists (reset), in any process: a mark taken before it is void.
 */
const RESET_MARK = 'known_addresses_reset'

/**
 * The index of known addresses over one connection. Ledger parties are noted once per process and first-seen time (a
 * sync sees them again and again).
 */
export class KnownAddresses {
  /** Each ledger party noted by this process, with the earliest time noted for it. */
  private readonly notedParties = new Map<string, number>()
  private putStatement: StatementSync | null = null
  private lookStatement: StatementSync | null = null
  private resetStatement: StatementSync | null = null

  constructor(private readonly db: DatabaseSync) {}

  /**
   * Adds or refreshes entries; an address too short to have two ends, or of a network the app does not know, is not
   * indexed.
   */
  note(entries: readonly NewKnownAddress[]): void {
    this.putStatement ??= this.db
      .prepare(`INSERT INTO known_addresses (network, address, source, look, label, seen_at) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (network, look, address, source) DO UPDATE SET label = COALESCE(excluded.label, label), seen_at =
        MIN(seen_at, excluded.seen_at)`)
    for (const e of entries) {
      const look = lookalikeKey(e.network, e.address)
      if (look !== null)
        this.putStatement.run(e.network, canonicalAddress(e.network, e.address), e.source, look, e.label, e.seenAt)
    }
  }

  /** After a write that did not commit: what this process thought it had noted is noted again next time. */
  forgetNoted(): void {
    this.notedParties.clear()
  }

  /** Both parties of each leg, under the leg's network. */
  noteLegs(legs: readonly TransactionLeg[]): void {
    const fresh: NewKnownAddress[] = []
    for (const leg of legs) {
      if (leg.network === null) continue
      for (const party of [leg.from, leg.to]) {
        const mark = `${leg.network}\n${canonicalAddress(leg.network, party.address)}`
        // A sync walks newest first: an older leg of a party noted already moves its first-seen time back.
        const at = Date.parse(leg.created_at)
        const noted = this.notedParties.get(mark)
        if (noted !== undefined && noted <= at) continue
        this.notedParties.set(mark, at)
        fresh.push({
          network: leg.network,
          address: party.address,
          source: 'ledger',
          label: party.name,
          seenAt: leg.created_at,
        })
      }
    }
    this.note(fresh)
  }

  notePayout(withdrawal: Withdrawal): void {
    if (withdrawal.status !== 'completed') return
    this.note([
      {
        network: withdrawal.network,
        address: withdrawal.destination,
        source: 'payout',
        label: null,
        seenAt: withdrawal.updated_at,
      },
    ])
  }

  /** The addresses the profile names itself: its destination book's and its own wallets', with their labels. */
  named(): Array<{ network: string; address: string; source: 'destination' | 'own'; label: string | null }> {
    const rows = this.db
      .prepare("SELECT network, address, source, label FROM known_addresses WHERE source IN ('destination', 'own')")
      .all()
    return rowsOf(NamedSchema, rows, 'known_addresses')
  }

  /**
   * Every entry that shares the address's look-alike key on the networks compared with `network` (every EVM network
   * for an EVM address), the address itself included, under each source.
   */
  sameLook(network: string, address: string): KnownAddress[] {
    const look = lookalikeKey(network, address)
    if (look === null) return []
    // One lookup on the primary key's leading columns per network compared.
    this.lookStatement ??= this.db.prepare(
      'SELECT network, address, source, look, label, seen_at FROM known_addresses WHERE network IN (SELECT ' +
        'value FROM json_each(?)) AND look = ?',
    )
    const rows = this.lookStatement.all(JSON.stringify(comparedNetworks(network)), look)
    return rows.map((raw) => {
      const row = KnownRowSchema.safeParse(raw)
      // A row whose key is not its address's would hide a look-alike: refuse rather than trust it.
      if (!row.success || lookalikeKey(row.data.network, row.data.address) !== row.data.look) {
        throw new DeskError(
          'record_corrupt',
          'An entry of the known-address index is damaged, so new destinations cannot be checked for look-alikes.',
        )
      }
      return {
        network: row.data.network,
        address: row.data.address,
        source: row.data.source,
        label: row.data.label,
        seenAt: row.data.seen_at,
      }
    })
  }

  /**
   * After the ledger was emptied (another environment or key): what the store holds is derived again, the provider's
   * lists are read again.
   */
  reset(): void {
    this.forgetNoted()
    this.db.exec("DELETE FROM known_addresses WHERE source IN ('destination', 'own')")
    this.db
      .prepare(`INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`)
      .run(RESET_MARK, randomUUID())
    rebuildKnownAddresses(this.db)
  }

  /**
   * Changes whenever a reset emptied the provider's lists from the index, in any process: a cache of what was written
   * then is void.
   */
  resetMark(): string {
    this.resetStatement ??= this.db.prepare('SELECT value FROM meta WHERE name = ?')
    const row = this.resetStatement.get(RESET_MARK)
    return row === undefined ? '' : rowOf(z.object({ value: z.string() }), row, 'meta').value
  }
}

export const knownAddresses: RepoFactory<KnownAddresses> = (db) => new KnownAddresses(db)
