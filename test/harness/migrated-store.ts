import { mkdtemp, rm } from 'node:fs/promises'
import type { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DeskStore, MIGRATIONS, openDatabase, STORE_FILE } from '../../electron/core/store'

export interface MigratedStore<T> {
  store: DeskStore
  /** What `write` returned, read while the file was still at the old version. */
  written: T
  close(): Promise<void>
}

/** A profile store as an older version left it: `write` fills the file at `version`, then the store opens and migrates it. */
export async function storeFromVersion<T>(version: number, write: (db: DatabaseSync) => T): Promise<MigratedStore<T>> {
  const dir = await mkdtemp(join(tmpdir(), `store-v${version}-`))
  const old = openDatabase(
    join(dir, STORE_FILE),
    MIGRATIONS.filter((m) => m.version <= version),
  )
  const written = write(old)
  old.close()
  const store = DeskStore.open(dir, 'test')
  return {
    store,
    written,
    async close() {
      store.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
