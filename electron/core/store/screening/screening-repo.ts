import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { z } from 'zod'
import { WithdrawalSchema, type Withdrawal } from '../../../../shared/api/resources'
import { BodyRow } from '../common-rows'
import type { RepoFactory } from '../repo-factory'
import { foundRowOf, rowsOf } from '../scalar-rows'

const ListIdRow = z.object({ id: z.number() })

const ScreeningListSchema = z.object({
  name: z.string(),
  source: z.string(),
  published: z.string().nullable(),
  importedAt: z.string(),
  addresses: z.number(),
})
export type ScreeningList = z.infer<typeof ScreeningListSchema>

const ScreeningHitSchema = z.object({
  list: z.string(),
  published: z.string().nullable(),
  importedAt: z.string(),
  address: z.string(),
  currency: z.string(),
  entry: z.string(),
})
export type ScreeningHit = z.infer<typeof ScreeningHitSchema>

export interface NewListedAddress {
  key: string
  address: string
  currency: string
  entry: string
}

/** Screening lists by name: an import replaces the list of that name whole. */
export class ScreeningRepo {
  private find: StatementSync | null = null

  constructor(private readonly db: DatabaseSync) {}

  /** Replaces the list called `name`; the caller's transaction makes it all or nothing. */
  replace(list: Omit<ScreeningList, 'addresses'>, addresses: readonly NewListedAddress[]): number {
    const old = foundRowOf(
      ListIdRow,
      this.db.prepare('SELECT id FROM screening_lists WHERE name = ?').get(list.name),
      'screening_lists',
    )
    if (old) {
      this.db.prepare('DELETE FROM screening_addresses WHERE list_id = ?').run(old.id)
      this.db.prepare('DELETE FROM screening_lists WHERE id = ?').run(old.id)
    }
    const made = this.db
      .prepare('INSERT INTO screening_lists (name, source, published, imported_at, addresses) VALUES (?, ?, ?, ?, 0)')
      .run(list.name, list.source, list.published, list.importedAt)
    const id = Number(made.lastInsertRowid)
    const put = this.db.prepare(
      'INSERT OR IGNORE INTO screening_addresses (address_key, list_id, address, currency, entry) VALUES (?, ' +
        '?, ?, ?, ?)',
    )
    let count = 0
    for (const a of addresses) count += Number(put.run(a.key, id, a.address, a.currency, a.entry).changes)
    this.db.prepare('UPDATE screening_lists SET addresses = ? WHERE id = ?').run(count, id)
    return count
  }

  /** Every list entry naming the address (by its key), whatever the network the list gave. */
  hits(key: string): ScreeningHit[] {
    this.find ??= this.db.prepare(
      `SELECT l.name AS list, l.published, l.imported_at AS importedAt, a.address, a.currency, a.entry
       FROM screening_addresses a JOIN screening_lists l ON l.id = a.list_id WHERE a.address_key = ? ORDER BY l.name`,
    )
    return rowsOf(ScreeningHitSchema, this.find.all(key), 'screening_addresses')
  }

  /** The payouts the provider last said wait for approval (as the follower and every list read keep them). */
  waitingForApproval(): Withdrawal[] {
    const rows = this.db
      .prepare(`SELECT body FROM withdrawal_cache WHERE status = 'pending_approval' ORDER BY id`)
      .all()
    return rowsOf(BodyRow, rows, 'withdrawal_cache').flatMap((r) => {
      const parsed = WithdrawalSchema.safeParse(JSON.parse(r.body))
      return parsed.success ? [parsed.data] : []
    })
  }

  lists(): ScreeningList[] {
    return rowsOf(
      ScreeningListSchema,
      this.db
        .prepare(
          'SELECT name, source, published, imported_at AS importedAt, addresses FROM screening_lists ORDER BY name',
        )
        .all(),
      'screening_lists',
    )
  }
}

export const screeningRepo: RepoFactory<ScreeningRepo> = (db) => new ScreeningRepo(db)
