import type { DatabaseSync } from 'node:sqlite'

/**
 * Builds a repository from the connection and this process's token; only files in `store/` write one. A leaf: the
 * repositories import it and DeskStore (which builds them) imports it, so neither imports the other.
 */
export type RepoFactory<T> = (db: DatabaseSync, processToken: string) => T
