import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { z } from 'zod'
import { canonicalAddress, lookalikeKey, lookalikeScope } from '../../../../shared/address/lookalike'
import type { RepoFactory } from '../repo-factory'
import { HEARTBEAT_STALE_MS, pidAlive } from '../processes/process-registry'
import { rowsOf } from '../scalar-rows'

/** A destination a live process is registering right now: claimed before its create is sent, gone after the answer. */
export interface DestinationClaim {
  network: string
  /** Canonical spelling, as in the known-address index. */
  address: string
  /** True when this very process holds it. */
  own: boolean
  claimedAt: string
}

const PREFIX = 'destination-claim'
const ClaimRow = z.object({
  resource: z.string(),
  process: z.string(),
  taken_ms: z.number(),
  pid: z.number().int().nullable(),
  heartbeat_ms: z.number().nullable(),
})

/**
 * Claims on destinations being registered, kept as leases (one per network and address, held by a process) so a
 * dead holder's claim is released with its other leases. The resource begins with the look-alike scope and key,
 * so the claims a check must see are one range read on the leases' primary key.
 */
export class DestinationClaims {
  private rangeStatement: StatementSync | null = null

  constructor(
    private readonly db: DatabaseSync,
    private readonly processToken: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The live claims that share the address's look-alike key on the networks compared with `network`. */
  sameLook(network: string, address: string): DestinationClaim[] {
    const prefix = lookPrefix(network, address)
    if (prefix === null) return []
    this.rangeStatement ??= this.db.prepare(
      'SELECT l.resource, l.process, l.taken_ms, p.pid, p.heartbeat_ms FROM leases l LEFT JOIN processes p ON ' +
        'p.token = l.process WHERE l.resource >= ? AND l.resource < ?',
    )
    const rows = rowsOf(ClaimRow, this.rangeStatement.all(prefix, `${prefix}\uffff`), 'leases')
    return rows
      .filter(
        (r) =>
          r.process === this.processToken ||
          (r.pid !== null && r.heartbeat_ms! > this.now() - HEARTBEAT_STALE_MS && pidAlive(r.pid)),
      )
      .map((r) => {
        const [claimed, net] = r.resource.slice(prefix.length).split('\t')
        return {
          network: net!,
          address: claimed!,
          own: r.process === this.processToken,
          claimedAt: new Date(r.taken_ms).toISOString(),
        }
      })
  }

  /** Claims the destination for this process; runs in the caller's transaction, after its check. */
  claim(network: string, address: string): void {
    const resource = claimResource(network, address)
    if (resource === null) return
    this.db
      .prepare('INSERT OR REPLACE INTO leases (resource, process, taken_ms) VALUES (?, ?, ?)')
      .run(resource, this.processToken, this.now())
  }

  /**
   * This process's claims whose destination the provider's book now lists (a create whose answer was lost): the book,
   * noted in the index, speaks for them. Each claim is this process's own, so each delete stands alone.
   */
  releaseListed(book: ReadonlyArray<{ network: string; address: string }>): void {
    const own = rowsOf(
      z.object({ resource: z.string() }),
      this.db
        .prepare('SELECT resource FROM leases WHERE resource >= ? AND resource < ? AND process = ?')
        .all(`${PREFIX}\t`, `${PREFIX}\t\uffff`, this.processToken),
      'leases',
    )
    if (own.length === 0) return
    const listed = new Set(book.map((c) => `${canonicalAddress(c.network, c.address)}\t${c.network}`))
    const drop = this.db.prepare('DELETE FROM leases WHERE resource = ? AND process = ?')
    for (const { resource } of own)
      if (listed.has(resource.split('\t').slice(-2).join('\t'))) drop.run(resource, this.processToken)
  }

  release(network: string, address: string): void {
    const resource = claimResource(network, address)
    if (resource !== null)
      this.db.prepare('DELETE FROM leases WHERE resource = ? AND process = ?').run(resource, this.processToken)
  }
}

function lookPrefix(network: string, address: string): string | null {
  const look = lookalikeKey(network, address)
  return look === null ? null : `${PREFIX}\t${lookalikeScope(network)}\t${look}\t`
}

function claimResource(network: string, address: string): string | null {
  const prefix = lookPrefix(network, address)
  return prefix === null ? null : `${prefix}${canonicalAddress(network, address)}\t${network}`
}

export const destinationClaims: RepoFactory<DestinationClaims> = (db, processToken) =>
  new DestinationClaims(db, processToken)
