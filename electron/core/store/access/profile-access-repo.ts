import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { RepoFactory } from '../repo-factory'
import { rowOf } from '../scalar-rows'

const ValueSchema = z.object({ value: z.string() })

/**
 * A profile's seat rules, kept in the store's `meta` table so the app, the CLI and the connector read the same ones:
 * whether the profile is view-only, whether four eyes apply (null: the default for its environment) and who asked
 * to lift view-only (the second person completes it).
 */
export class ProfileAccess {
  constructor(private readonly db: DatabaseSync) {}

  viewOnly(): boolean {
    return this.get('view_only') === 'on'
  }

  fourEyes(): boolean | null {
    const value = this.get('four_eyes')
    return value === 'on' ? true : value === 'off' ? false : null
  }

  /** Who asked to turn view-only off and is waiting for a second person; null when nobody. */
  viewOnlyOffProposedBy(): string | null {
    return this.get('view_only_off_proposed_by')
  }

  setViewOnly(on: boolean): void {
    this.set('view_only', on ? 'on' : 'off')
    this.db.prepare("DELETE FROM meta WHERE name = 'view_only_off_proposed_by'").run()
  }

  setFourEyes(on: boolean): void {
    this.set('four_eyes', on ? 'on' : 'off')
  }

  proposeViewOnlyOff(by: string): void {
    this.set('view_only_off_proposed_by', by)
  }

  /** Who added a destination on this desk (kept beside the seat rules: a payee change's confirmer is someone else). */
  noteDestinationAdder(destinationId: string, by: string): void {
    this.set(`destination_added_by:${destinationId}`, by)
  }

  destinationAdder(destinationId: string): string | null {
    return this.get(`destination_added_by:${destinationId}`)
  }

  private get(name: string): string | null {
    const row = this.db.prepare('SELECT value FROM meta WHERE name = ?').get(name)
    return row === undefined ? null : rowOf(ValueSchema, row, 'meta').value
  }

  private set(name: string, value: string): void {
    this.db
      .prepare('INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value')
      .run(name, value)
  }
}

export const profileAccess: RepoFactory<ProfileAccess> = (db) => new ProfileAccess(db)
