import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { z } from 'zod'
import { rowsOf } from '../scalar-rows'
import { LedgerReadTimes } from './ledger-read-times'

const WordRow = z.object({ id: z.number(), word: z.string() })

/**
 * The ledger's repeated words (wallet ids, assets, networks, network names, statuses, fee assets), each stored
 * once in `ledger_words` and on a leg as its small integer (migration 13). A value that is not a word's number
 * (text written around the repository, a damaged blob) reads back as it is, so the column rules still judge it.
 * Before migration 13 (a migration step running this code on an older ledger) the words are the legs' own text.
 * The legs' read times are kept the same way (ledger-read-times.ts), and forgotten with the words.
 */
export class LedgerWords {
  private readonly ids = new Map<string, number>()
  private words: Array<string | undefined> = []
  private present: boolean | null = null
  readonly times: LedgerReadTimes

  constructor(private readonly db: DatabaseSync) {
    this.times = new LedgerReadTimes(db)
  }

  /** The number a leg stores for `word`, adding the word when it is new. */
  intern(word: string | null): SQLInputValue {
    if (word === null || !this.interned()) return word
    const known = this.ids.get(word)
    if (known !== undefined) return known
    this.db.prepare('INSERT INTO ledger_words (word) VALUES (?) ON CONFLICT (word) DO NOTHING').run(word)
    this.load()
    return this.ids.get(word)!
  }

  /** What a filter compares a column with: the word's number, or NULL (matching no leg) when no leg holds it. */
  stored(word: string): SQLInputValue {
    if (!this.interned()) return word
    if (!this.ids.has(word)) this.load()
    return this.ids.get(word) ?? null
  }

  /** A stored value as its word; anything else as it is. */
  spell(value: unknown): unknown {
    if (typeof value !== 'number') return value
    if (this.words[value] === undefined) this.load()
    return this.words[value] ?? value
  }

  /**
   * Before a write. A transaction rolled back after an earlier write took the words it added with it: a number still
   * remembered for one would be stored on legs that no other reader can spell. The highest-numbered word remembered
   * is still there unless that happened (or another process cleared the ledger).
   */
  begin(): void {
    this.times.begin()
    const newest = this.words.length - 1
    if (
      newest >= 0 &&
      !this.db.prepare('SELECT 1 FROM ledger_words WHERE id = ? AND word = ?').get(newest, this.words[newest]!)
    )
      this.forget()
  }

  /** After a write was rolled back: words it added may be gone, so the cache is read again when next needed. */
  forget(): void {
    this.times.forget()
    this.ids.clear()
    this.words = []
  }

  private interned(): boolean {
    this.present ??=
      this.db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'ledger_words'").get() !== undefined
    return this.present
  }

  private load(): void {
    this.forget()
    for (const { id, word } of rowsOf(
      WordRow,
      this.db.prepare('SELECT id, word FROM ledger_words').all(),
      'ledger_words',
    )) {
      this.ids.set(word, id)
      this.words[id] = word
    }
  }
}
