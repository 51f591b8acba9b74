import type { destinationChannels } from '../../../shared/ipc/channels/destinations'
import { DeskError } from '../errors'
import type { EventBus } from '../event-bus'
import type { HandlersFor } from '../ipc/router'
import { destinationImportRepo } from '../store'
import { ExportRuns } from '../exports/export-runs'
import type { SessionHost } from '../session/session-host'
import type { TreasurySession } from '../session/session'
import { createHash } from 'node:crypto'
import { exportBook } from '../destinations/book-export'
import { DestinationImports } from '../destinations/book-import'
import { checkImportFile } from '../destinations/book-import-check'
import { MAX_IMPORT_BYTES } from '../destinations/book-columns'

export interface DestinationHandlerDeps {
  host: SessionHost
  events: EventBus
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
}

function fileBytes(base64: string): Buffer {
  const bytes = Buffer.from(base64, 'base64')
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new DeskError('invalid_input', `The file is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB; a destination file is at most 10 MB. Split it into several files.`)
  return bytes
}

/** Handlers for the destination book's file export and import; an import runs in the background, one run per import. */
export function destinationHandlers({ host, events, chooseSavePath }: DestinationHandlerDeps): HandlersFor<typeof destinationChannels> {
  const exports = new ExportRuns(events, chooseSavePath)
  const running = new Set<string>()
  const stopped = new Map<string, string>()
  const importsOf = (session: TreasurySession) => new DestinationImports(session.store, session.client)

  const start = (session: TreasurySession, id: string) => {
    if (running.has(id)) return
    running.add(id)
    stopped.delete(id)
    importsOf(session)
      .run(id)
      .catch((err: unknown) => stopped.set(id, err instanceof Error ? err.message : String(err)))
      .finally(() => running.delete(id))
  }

  return {
    'destinations.export': async () => {
      const session = await host.session()
      return exports.run(`destinations-${new Date().toISOString().slice(0, 10)}.csv`, (target, signal, onProgress) => exportBook(session.client, target, signal, onProgress))
    },
    'destinations.importCheck': async ({ base64 }) => {
      const session = await host.session()
      const check = await checkImportFile(session.store, session.client, fileBytes(base64))
      return { lineCount: check.lineCount, newRows: check.rows.filter((r) => !r.existingId).length, existingRows: check.rows.filter((r) => r.existingId).length, problems: check.problems }
    },
    'destinations.importStart': async ({ source, base64 }) => {
      const session = await host.session()
      const bytes = fileBytes(base64)
      const job = importsOf(session).record(await checkImportFile(session.store, session.client, bytes), source, createHash('sha256').update(bytes).digest('hex'))
      start(session, job.id)
      return importsOf(session).progress(job.id)
    },
    'destinations.importList': async () => {
      const session = await host.session()
      const imports = importsOf(session)
      return session.store.read('read the destination imports', () => session.store.repo(destinationImportRepo).list()).map((job) => imports.progress(job.id))
    },
    'destinations.importStatus': async ({ importId }) => {
      const session = await host.session()
      const progress = importsOf(session).progress(importId)
      const failed = session.store.read('read the refused rows', () => session.store.repo(destinationImportRepo).rows(importId, ['failed']))
      return { progress, running: running.has(importId), stopped: stopped.get(importId) ?? null, failed: failed.map((r) => ({ line: r.line, error: r.error ?? 'refused' })) }
    },
    'destinations.importPause': async ({ importId }) => importsOf(await host.session()).pause(importId),
    'destinations.importResume': async ({ importId }) => {
      const session = await host.session()
      const progress = importsOf(session).resume(importId)
      start(session, importId)
      return progress
    },
  }
}
