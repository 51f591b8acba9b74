import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { diskError } from '../disk-error'
import { DeskError } from '../errors'
import { writeFileAtomic } from '../profiles/atomic-write'
import { PersonRecordSchema, type PersonRecord } from './person'

const PeopleFileSchema = z.strictObject({ version: z.literal(1), people: z.array(PersonRecordSchema) })
type PeopleFile = z.infer<typeof PeopleFileSchema>

/**
 * `<data>/people.json`: the desk's people, shared by every profile and process of this data folder. Read on every
 * call (the app and the CLI share it); changes are serialised in this process and written atomically.
 */
export class PeopleFileStore {
  readonly path: string
  private queue: Promise<unknown> = Promise.resolve()

  constructor(dataDir: string) {
    this.path = join(dataDir, 'people.json')
  }

  async list(): Promise<PersonRecord[]> {
    return (await this.read()).people
  }

  /** Read-modify-write under this process's queue; `change` may refuse by throwing, and nothing is written. */
  mutate<T>(change: (people: PersonRecord[]) => Promise<{ people: PersonRecord[]; result: T }>): Promise<T> {
    const run = this.queue.then(async () => {
      const { people, result } = await change((await this.read()).people)
      const file: PeopleFile = { version: 1, people }
      await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`)
      return result
    })
    this.queue = run.catch(() => undefined)
    return run
  }

  private async read(): Promise<PeopleFile> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, people: [] }
      throw diskError(err, this.path, 'read the people of this desk') ?? err
    }
    // A damaged file is said, never read as "no people": that would lift every role and four-eyes rule.
    const parsed = PeopleFileSchema.safeParse(parseJson(text))
    if (!parsed.success)
      throw new DeskError(
        'people_corrupt',
        `The people file ${this.path} is damaged. Restore it from a backup; until then no write is allowed.`,
      )
    return parsed.data
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
