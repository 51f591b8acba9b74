import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../profiles/atomic-write'

const TriesSchema = z.strictObject({
  failures: z.number().int().nonnegative(),
  nextTryAt: z.number().nonnegative(),
})
export type UnlockTries = z.infer<typeof TriesSchema>

/** Wrong passphrases in a row and when the next try may come: kept across restarts, or a restart would reset them. */
export interface UnlockTriesStore {
  read(): Promise<UnlockTries>
  write(tries: UnlockTries): Promise<void>
}

/** `<data>/unlock-tries.json`; a file that cannot be read counts five failures (the wait starts), never none. */
export function unlockTriesFile(dataDir: string): UnlockTriesStore {
  const file = join(dataDir, 'unlock-tries.json')
  return {
    async read() {
      try {
        return TriesSchema.parse(JSON.parse(await readFile(file, 'utf8')))
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { failures: 0, nextTryAt: 0 }
        return { failures: 5, nextTryAt: 0 }
      }
    },
    write: (tries) => writeFileAtomic(file, `${JSON.stringify(tries)}\n`),
  }
}
