import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { HEARTBEAT_STALE_MS, type ProcessRegistry } from './process-registry'
import { foundRowOf } from '../scalar-rows'
import { inTransaction } from '../transaction'

const HolderRow = z.object({ process: z.string() })

/** Exclusive claims on a piece of work (polling one withdrawal) held by one live process at a time. */
export class Leases {
  constructor(
    private readonly db: DatabaseSync,
    private readonly processes: ProcessRegistry,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when this process holds the lease now (newly or already); a dead holder's lease is taken over. */
  tryTake(resource: string): boolean {
    return inTransaction(this.db, () => {
      const row = this.holder(resource)
      if (row && row.process !== this.processes.token && this.processes.isAlive(row.process)) return false
      this.db
        .prepare('INSERT OR REPLACE INTO leases (resource, process, taken_ms) VALUES (?, ?, ?)')
        .run(resource, this.processes.token, this.now())
      return true
    })
  }

  /**
   * When another process's lease stops counting if that process beats no more (its last beat plus the stale
   * time); null when the lease is free or this process's own.
   */
  lapseAt(resource: string): number | null {
    const row = this.holder(resource)
    if (!row || row.process === this.processes.token) return null
    return (this.processes.lastBeat(row.process) ?? this.now() - HEARTBEAT_STALE_MS) + HEARTBEAT_STALE_MS
  }

  /** True when a live process (this one or another) holds the lease. */
  heldByLive(resource: string): boolean {
    const row = this.holder(resource)
    return row !== undefined && this.processes.isAlive(row.process)
  }

  private holder(resource: string): { process: string } | undefined {
    return foundRowOf(
      HolderRow,
      this.db.prepare('SELECT process FROM leases WHERE resource = ?').get(resource),
      'leases',
    )
  }

  release(resource: string): void {
    this.db.prepare('DELETE FROM leases WHERE resource = ? AND process = ?').run(resource, this.processes.token)
  }

  releaseAllOf(token: string): void {
    this.db.prepare('DELETE FROM leases WHERE process = ?').run(token)
  }
}
