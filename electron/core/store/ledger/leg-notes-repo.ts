import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { LegDirectionSchema, type LegNote } from '../../../../shared/api/leg-notes'
import type { RepoFactory } from '../repo-factory'
import { rowOf, rowsOf } from '../scalar-rows'
import { ID_KEY_SQL, idKey } from './ledger-keys'
import { statement } from '../statement-cache'

/**
 * For the ledger's text search: the legs whose note or tags hold the text (a parameter, matched as plain text by
 * instr). Few next to the legs (a person writes them), so read once per query like the parties.
 */
export const NOTE_HITS =
  'nh(id, direction) AS MATERIALIZED (SELECT leg_key, direction FROM ledger_leg_notes WHERE instr(search, ?) > 0)'
/** A leg (alias l) carrying the tag given as a parameter: the tagged legs found by the id index (migration 16). */
export const TAG_MATCH =
  `l.seq IN (SELECT t.seq FROM ledger_leg_tags g JOIN ledger_legs t ON ` +
  `${ID_KEY_SQL('t.id')} = ${ID_KEY_SQL('g.leg_key')} AND t.id = g.leg_key AND t.direction = g.direction WHERE ` +
  `g.tag = ?)`

type Direction = LegNote['direction']

const TABLE = 'ledger_leg_notes'
const TagsSchema = z.array(z.string())
/** A row, its tags (JSON text) read as the list they were written as. */
const NoteRowSchema = z
  .object({
    leg_id: z.string(),
    direction: LegDirectionSchema,
    note: z.string().nullable(),
    tags: z.string(),
  })
  .transform((r): LegNote => ({
    transactionId: r.leg_id,
    direction: r.direction,
    note: r.note,
    tags: rowOf(TagsSchema, JSON.parse(r.tags), TABLE),
  }))

export class LegNotesRepo {
  constructor(private readonly db: DatabaseSync) {}

  /** The note and tags of one leg; an empty one when a person has written none. */
  get(id: string, direction: Direction): LegNote {
    const raw = statement(
      this.db,
      'SELECT leg_id, direction, note, tags FROM ledger_leg_notes WHERE leg_id = ? AND direction = ?',
    ).get(id, direction)
    return raw ? rowOf(NoteRowSchema, raw, TABLE) : { transactionId: id, direction, note: null, tags: [] }
  }

  /** Every leg with a note or tags, by `id\ndirection`: an export reads them once, not once per row. */
  all(): Map<string, LegNote> {
    const rows = statement(this.db, 'SELECT leg_id, direction, note, tags FROM ledger_leg_notes').all()
    return new Map(rowsOf(NoteRowSchema, rows, TABLE).map((n) => [legKey(n.transactionId, n.direction), n]))
  }

  /** Replaces a leg's note and tags, both checked by the caller; with neither the row goes. */
  put(next: LegNote, by: string, at: string): LegNote {
    const { transactionId: id, direction, note, tags } = next
    const key = idKey(id)
    statement(this.db, 'DELETE FROM ledger_leg_tags WHERE leg_key = ? AND direction = ?').run(key, direction)
    if (note === null && tags.length === 0) {
      statement(this.db, 'DELETE FROM ledger_leg_notes WHERE leg_id = ? AND direction = ?').run(id, direction)
      return next
    }
    const search = `${note ?? ''}\n${tags.join(' ')}`.toLowerCase()
    statement(
      this.db,
      `INSERT INTO ledger_leg_notes (leg_id, leg_key, direction, note, tags, search, updated_at, updated_by) VALUES
        (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(leg_id, direction) DO UPDATE SET note = excluded.note, tags = excluded.tags, search = excluded.search,
        updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    ).run(id, key, direction, note, JSON.stringify(tags), search, at, by)
    for (const tag of tags)
      statement(this.db, 'INSERT INTO ledger_leg_tags (tag, leg_key, direction) VALUES (?, ?, ?)').run(
        tag,
        key,
        direction,
      )
    return next
  }
}

export const legKey = (id: string, direction: string): string => `${id}\n${direction}`

export const legNotesRepo: RepoFactory<LegNotesRepo> = (db) => new LegNotesRepo(db)
