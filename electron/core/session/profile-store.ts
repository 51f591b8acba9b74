import { DeskStore, importLegacyFiles, type ProcessRole } from '../store'

/** The profile's store, with the files of the JSON-lines versions moved into it on first open. */
export function openProfileStore(dir: string, role: ProcessRole): DeskStore {
  const store = DeskStore.open(dir, role)
  try {
    importLegacyFiles(store, dir)
  } catch (err) {
    store.close()
    throw err
  }
  return store
}

/** A profile's store opened for one piece of work (a profile that is not the open one) and closed afterwards. */
export async function withProfileStore<T>(
  dir: string,
  role: ProcessRole,
  work: (store: DeskStore) => T | Promise<T>,
): Promise<T> {
  const store = openProfileStore(dir, role)
  try {
    return await work(store)
  } finally {
    store.close()
  }
}
