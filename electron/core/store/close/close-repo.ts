import { z } from 'zod'
import type { DatabaseSync } from 'node:sqlite'
import {
  AccountMapRowSchema,
  CloseListRowSchema,
  type AccountMapRow,
  type CloseListRow,
} from '../../../../shared/api/close'
import { DeskError } from '../../errors'
import type { RepoFactory } from '../repo-factory'
import { foundRowOf, rowOf, rowsOf } from '../scalar-rows'
import { LockedPeriodRowSchema, PackFileRowSchema, PackLegRowSchema } from './close-rows'

const ZoneRow = z.object({ zone: z.string() })

/** A locked period as the lock check reads it. */
export type LockedPeriod = z.output<typeof LockedPeriodRowSchema>

export interface NewPack {
  period: string
  timeZone: string
  fromAt: string
  cutoff: string
  closedBy: string
  closedAt: string
  note: string | null
  manifestSha256: string
  files: ReadonlyArray<{ name: string; bytes: Uint8Array }>
  legs: ReadonlyArray<{ id: string; direction: string; status: string }>
  adjustments: ReadonlyArray<{ id: string; direction: string; status: string; lockedPeriod: string }>
}

/** A leg's key in a pack's or the adjustments' leg set. */
export const packLegKey = (l: { id: string; direction: string; status: string }) =>
  `${l.id}\n${l.direction}\n${l.status}`

/**
 * The one refusal of a change inside a locked period: it names the period, says it is locked, who closed it, and how
 * to reopen it.
 */
export function periodLocked(what: string, p: Pick<LockedPeriod, 'period' | 'closedBy' | 'closedAt'>): DeskError {
  return new DeskError(
    'period_locked',
    `${what}: period ${p.period} is locked (closed by ${p.closedBy} at ${p.closedAt}). Reopen it first with ` +
      `"payout-desk close reopen --period ${p.period} --reason TEXT".`,
  )
}

const LOCKED_COLUMNS =
  'id, period, from_at AS fromAt, cutoff, closed_by AS closedBy, closed_at AS closedAt FROM close_packs'

/**
 * Month-end close (tables of migration 29): each pack a person locked (its files' bytes kept, so an export of it later
 * is the same bytes, and the legs it held with their status, so a movement reported later is found), the adjustments
 * recorded, and the account mapping by the period it applies from.
 */
export class CloseRepo {
  constructor(private readonly db: DatabaseSync) {}

  locked(): LockedPeriod[] {
    const sql = `SELECT ${LOCKED_COLUMNS} WHERE state = 'locked' ORDER BY period`
    return rowsOf(LockedPeriodRowSchema, this.db.prepare(sql).all(), 'close_packs')
  }

  lockedPeriod(period: string): LockedPeriod | null {
    const sql = `SELECT ${LOCKED_COLUMNS} WHERE state = 'locked' AND period = ?`
    const row = this.db.prepare(sql).get(period)
    return row === undefined ? null : rowOf(LockedPeriodRowSchema, row, 'close_packs')
  }

  /** The time zone of the last month locked: the profile's months are counted in it until a close names another. */
  lastZone(): string | null {
    const row = this.db.prepare('SELECT time_zone AS zone FROM close_packs ORDER BY id DESC LIMIT 1').get()
    return foundRowOf(ZoneRow, row, 'close_packs')?.zone ?? null
  }

  /** Refuses a change to something at `instant` (ISO) that a locked period holds: from (exclusive) to cutoff. */
  requireOpenAt(instant: string, what: string): void {
    const ms = Date.parse(instant)
    const hit = this.locked().find((p) => Date.parse(p.fromAt) <= ms && ms < Date.parse(p.cutoff))
    if (hit) throw periodLocked(what, hit)
  }

  /** Refuses a change dated on a calendar day (YYYY-MM-DD) of a locked period. */
  requireDaysOpen(days: Iterable<string>, what: string): void {
    const locked = new Map(this.locked().map((p) => [p.period, p]))
    if (locked.size === 0) return
    for (const day of days) {
      const hit = locked.get(day.slice(0, 7))
      if (hit) throw periodLocked(`${what} (a price dated ${day})`, hit)
    }
  }

  /** Every pack ever locked, newest period first; a reopened one says who reopened it and why. */
  list(): CloseListRow[] {
    const rows = this.db
      .prepare(
        `SELECT period, state, cutoff, closed_by AS closedBy, closed_at AS closedAt, manifest_sha256 AS manifestSha256,
           note, reopened_by AS reopenedBy, reopened_at AS reopenedAt, reason FROM close_packs
         ORDER BY period DESC, id DESC`,
      )
      .all()
    return rowsOf(CloseListRowSchema, rows, 'close_packs')
  }

  insertPack(pack: NewPack): number {
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO close_packs
           (period, time_zone, from_at, cutoff, closed_by, closed_at, note, manifest_sha256, state)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'locked')`,
      )
      .run(
        pack.period,
        pack.timeZone,
        pack.fromAt,
        pack.cutoff,
        pack.closedBy,
        pack.closedAt,
        pack.note,
        pack.manifestSha256,
      )
    const id = Number(lastInsertRowid)
    const file = this.db.prepare('INSERT INTO close_pack_files (pack_id, name, bytes) VALUES (?, ?, ?)')
    for (const f of pack.files) file.run(id, f.name, f.bytes)
    const leg = this.db.prepare('INSERT INTO close_pack_legs (pack_id, leg_id, direction, status) VALUES (?, ?, ?, ?)')
    for (const l of pack.legs) leg.run(id, l.id, l.direction, l.status)
    const adj = this.db.prepare(
      'INSERT INTO close_adjustments (leg_id, direction, status, locked_period, pack_id) VALUES (?, ?, ?, ?, ?)',
    )
    for (const a of pack.adjustments) adj.run(a.id, a.direction, a.status, a.lockedPeriod, id)
    return id
  }

  /** A pack's files as they were written, by name. */
  files(packId: number): Array<{ name: string; bytes: Uint8Array }> {
    const rows = this.db.prepare('SELECT name, bytes FROM close_pack_files WHERE pack_id = ? ORDER BY name').all(packId)
    return rowsOf(PackFileRowSchema, rows, 'close_pack_files')
  }

  /** The legs a pack held, by `packLegKey`. */
  packLegs(packId: number): Set<string> {
    const rows = this.db
      .prepare('SELECT leg_id AS id, direction, status FROM close_pack_legs WHERE pack_id = ?')
      .all(packId)
    return new Set(rowsOf(PackLegRowSchema, rows, 'close_pack_legs').map(packLegKey))
  }

  /** The legs already listed as adjustments of a pack still locked, by `packLegKey`. */
  recordedAdjustments(): Set<string> {
    const rows = this.db
      .prepare(
        `SELECT a.leg_id AS id, a.direction, a.status FROM close_adjustments a
         JOIN close_packs p ON p.id = a.pack_id WHERE p.state = 'locked'`,
      )
      .all()
    return new Set(rowsOf(PackLegRowSchema, rows, 'close_adjustments').map(packLegKey))
  }

  reopen(packId: number, by: string, at: string, reason: string): void {
    this.db
      .prepare("UPDATE close_packs SET state = 'reopened', reopened_by = ?, reopened_at = ?, reason = ? WHERE id = ?")
      .run(by, at, reason, packId)
  }

  /** The mapping in force for a period: the last one imported to apply from it or before. */
  mapFor(period: string): AccountMapRow[] {
    const rows = this.db
      .prepare(
        `SELECT wallet, asset, kind, account FROM close_map_rows WHERE version =
           (SELECT max(version) FROM close_maps WHERE from_period <= ?) ORDER BY wallet, asset, kind`,
      )
      .all(period)
    return rowsOf(AccountMapRowSchema, rows, 'close_map_rows')
  }

  importMap(rows: readonly AccountMapRow[], fromPeriod: string, by: string, at: string, sha256: string): number {
    const { lastInsertRowid } = this.db
      .prepare('INSERT INTO close_maps (from_period, imported_by, imported_at, file_sha256) VALUES (?, ?, ?, ?)')
      .run(fromPeriod, by, at, sha256)
    const version = Number(lastInsertRowid)
    const put = this.db.prepare(
      'INSERT INTO close_map_rows (version, wallet, asset, kind, account) VALUES (?, ?, ?, ?, ?)',
    )
    for (const r of rows) put.run(version, r.wallet, r.asset, r.kind, r.account)
    return version
  }
}

export const closeRepo: RepoFactory<CloseRepo> = (db) => new CloseRepo(db)
