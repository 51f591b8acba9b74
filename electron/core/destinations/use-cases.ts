import { createHash } from 'node:crypto'
import type { CreateCounterparty } from '../../../shared/api/requests'
import type { Counterparty } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import { DeskError } from '../errors'
import type { ExportProgress } from '../csv/write'
import { destinationImportRepo, type DeskStore } from '../store'
import { MAX_IMPORT_BYTES } from './book-columns'
import { bookCsv, exportBook } from './book-export'
import { DestinationImports, importRefused, type ImportProgress } from './book-import'
import { checkImportFile, type ImportCheck } from './book-import-check'
import { createDestination, type CreateDestinationOptions } from './create-destination'

/** What a destination use case needs of an open profile's signing session. */
export interface DestinationSession {
  store: DeskStore
  client: ApiClient
}

/** The one way a destination is saved from any surface: address rules, the look-alike guard, then the provider. */
export const saveDestination = (
  session: DestinationSession,
  input: CreateCounterparty,
  options: CreateDestinationOptions,
): Promise<{ counterparty: Counterparty; alreadyExists: boolean }> =>
  createDestination(session.store, session.client, input, options)

/** The whole book as the provider lists it now, as CSV written to `target`. */
export const exportDestinations = (
  client: ApiClient,
  target: string,
  signal: AbortSignal,
  onProgress?: (p: ExportProgress) => void,
) => exportBook(client, target, signal, onProgress)
/** The whole book as CSV text (CRLF lines, as in a file). */
export const destinationBookCsv = async (client: ApiClient): Promise<string> =>
  bookCsv(await client.listCounterparties())

/** Refuses a destination file over the limit before it is read, naming `what` (the file). */
export function refuseOversizeImport(bytes: number, what: string): void {
  if (bytes > MAX_IMPORT_BYTES)
    throw new DeskError(
      'invalid_input',
      `${what} is ${(bytes / 1024 / 1024).toFixed(1)} MB; a destination file is at most 10 MB. Split it into ` +
        `several files.`,
    )
}

export const destinationImports = (
  session: DestinationSession,
  onProgress?: (p: ImportProgress) => void,
  addedBy?: string,
) => new DestinationImports(session.store, session.client, onProgress, addedBy)

export function importProgressLine(p: ImportProgress): string {
  const done = p.created + p.existing + p.failed
  return (
    `${done}/${p.total}: created ${p.created}, already existed ${p.existing}, refused ` +
    `${p.failed}${p.intent === 'paused' ? ' (paused)' : ''}`
  )
}

const fileHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The unfinished import of this very file, if one stopped part way. */
export function unfinishedImportOf(store: DeskStore, bytes: Uint8Array) {
  return store.read('read the destination imports', () =>
    store.repo(destinationImportRepo).unfinishedOf(fileHash(bytes)),
  )
}

/**
 * Checks a destination file whole and records it for import (nothing is sent yet). A file with problems records
 * nothing and is answered with its check; a file whose earlier import stopped part way is refused, so the same rows
 * are never imported twice side by side (it is resumed instead).
 */
export async function recordDestinationImport(
  session: DestinationSession,
  imports: DestinationImports,
  bytes: Uint8Array,
  source: string,
): Promise<{ check: ImportCheck; importId: string | null }> {
  refuseOversizeImport(bytes.byteLength, 'The file')
  const unfinished = unfinishedImportOf(session.store, bytes)
  if (unfinished)
    throw new DeskError(
      'invalid_input',
      `An import of this file stopped at ${importProgressLine(imports.progress(unfinished.id))}; resume that ` +
        `import to continue it.`,
    )
  const check = await checkImportFile(session.store, session.client, bytes)
  if (check.problems.length > 0) return { check, importId: null }
  return { check, importId: imports.record(check, source, fileHash(bytes)).id }
}

/** A check of a destination file as the import dialog shows it: lines, new and existing rows, problems. */
export async function checkDestinationFile(session: DestinationSession, bytes: Uint8Array) {
  refuseOversizeImport(bytes.byteLength, 'The file')
  const check = await checkImportFile(session.store, session.client, bytes)
  return {
    lineCount: check.lineCount,
    newRows: check.rows.filter((r) => !r.existingId).length,
    existingRows: check.rows.filter((r) => r.existingId).length,
    problems: check.problems,
  }
}

/** The rows of an import the provider refused, with why. */
export const refusedImportRows = (store: DeskStore, importId: string) =>
  store
    .read('read the refused rows', () => store.repo(destinationImportRepo).rows(importId, ['failed']))
    .map((r) => ({ line: r.line, error: r.error ?? 'refused' }))

export { importRefused }
export { noteProviderLists, type GuardClient } from './lookalike-guard'

export const destinationImportList = (store: DeskStore) =>
  store.read('read the destination imports', () => store.repo(destinationImportRepo).list())

/** The provider's destination book as it is now. */
export const listDestinations = (session: { client: Pick<ApiClient, 'listCounterparties'> }): Promise<Counterparty[]> =>
  session.client.listCounterparties()
