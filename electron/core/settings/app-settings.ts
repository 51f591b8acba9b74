import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppSettingsSchema, type AppSettings } from '../../../shared/ipc/channels/settings'
import { diskError } from '../disk-error'
import { DeskError } from '../errors'
import { writeFileAtomic } from '../profiles/atomic-write'

export const DEFAULT_SETTINGS: AppSettings = { hideFromScreenCapture: false }

/** `<data>/settings.json`: read with its schema, written atomically. */
export class AppSettingsStore {
  private readonly file: string

  constructor(dataDir: string) {
    this.file = join(dataDir, 'settings.json')
  }

  async read(): Promise<AppSettings> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ...DEFAULT_SETTINGS }
      throw diskError(err, this.file, 'read the app settings') ?? err
    }
    // A damaged file is said, not replaced by defaults: that would silently switch an opted-in protection off.
    const parsed = AppSettingsSchema.safeParse(parseJson(text))
    if (!parsed.success)
      throw new DeskError(
        'settings_corrupt',
        `The app settings file ${this.file} is damaged. Fix or delete it; the app then starts from the defaults.`,
      )
    return parsed.data
  }

  async update(change: Partial<AppSettings>): Promise<AppSettings> {
    const next = AppSettingsSchema.parse({ ...(await this.read()), ...change })
    await writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`)
    return next
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
