import type { RepoFactory } from '../repo-factory'
import { LedgerRepo } from './ledger-repo'

/** One ledger repository per store (`store.repo(ledgerRepo)`): its party cache stays with its connection. */
export const ledgerRepo: RepoFactory<LedgerRepo> = (db) => new LedgerRepo(db)
