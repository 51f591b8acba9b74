import { randomUUID } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { rowOf, rowsOf } from '../scalar-rows'

/** A process that stops beating for this long is gone even if its pid was reused. */
export const HEARTBEAT_STALE_MS = 15_000
export const HEARTBEAT_EVERY_MS = 2_000

const Beat = z.object({ pid: z.number().int(), heartbeat_ms: z.number() })
const Token = z.object({ token: z.string() })

export type ProcessRole = 'app' | 'cli' | 'agent' | 'demo' | 'test'

/** `kill(pid, 0)` asks the OS whether a pid exists without sending anything; EPERM means it does. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Who has the profile open. Each store instance registers a token and beats; another process
 * decides "gone" by a dead pid or a stale beat, never merely because it opened the profile too.
 */
export class ProcessRegistry {
  readonly token = randomUUID()

  constructor(
    private readonly db: DatabaseSync,
    readonly role: ProcessRole,
    private readonly now: () => number = Date.now,
  ) {}

  register(): void {
    this.db
      .prepare('INSERT INTO processes (token, pid, role, started_at, heartbeat_ms) VALUES (?, ?, ?, ?, ?)')
      .run(this.token, process.pid, this.role, new Date(this.now()).toISOString(), this.now())
  }

  beat(): void {
    this.db.prepare('UPDATE processes SET heartbeat_ms = ? WHERE token = ?').run(this.now(), this.token)
  }

  unregister(): void {
    this.db.prepare('DELETE FROM processes WHERE token = ?').run(this.token)
  }

  isAlive(token: string | null): boolean {
    if (token === null) return false
    if (token === this.token) return true
    const raw = this.db.prepare('SELECT pid, heartbeat_ms FROM processes WHERE token = ?').get(token)
    if (raw === undefined) return false
    const row = rowOf(Beat, raw, 'processes')
    return row.heartbeat_ms > this.now() - HEARTBEAT_STALE_MS && pidAlive(row.pid)
  }

  /** The last heartbeat of a registered process, or null when it is not registered. */
  lastBeat(token: string): number | null {
    const raw = this.db.prepare('SELECT pid, heartbeat_ms FROM processes WHERE token = ?').get(token)
    return raw === undefined ? null : rowOf(Beat, raw, 'processes').heartbeat_ms
  }

  /** Tokens of registered processes that are gone; the caller releases what they held. */
  deadTokens(): string[] {
    const rows = rowsOf(
      Token,
      this.db.prepare('SELECT token FROM processes WHERE token <> ?').all(this.token),
      'processes',
    )
    return rows.map((r) => r.token).filter((t) => !this.isAlive(t))
  }

  forget(tokens: readonly string[]): void {
    const del = this.db.prepare('DELETE FROM processes WHERE token = ?')
    for (const t of tokens) del.run(t)
  }
}
