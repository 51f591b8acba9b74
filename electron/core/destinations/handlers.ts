import type { destinationChannels } from '../../../shared/ipc/channels/destinations'
import type { ApiClient } from '../api/api-client'
import type { EventBus } from '../event-bus'
import type { HandlersFor } from '../ipc/router'
import { ExportRuns } from '../exports/export-runs'
import type { SessionSource } from '../ipc/session-source'
import type { DeskStore } from '../store'
import {
  checkDestinationFile,
  destinationImportList,
  destinationImports,
  exportDestinations,
  importRefused,
  recordDestinationImport,
  refusedImportRows,
  type DestinationSession,
} from './use-cases'

/** What these handlers use of the open profile's session. */
type ImportSession = DestinationSession &
  Parameters<typeof destinationImports>[0] &
  Parameters<typeof recordDestinationImport>[0] & { store: DeskStore; client: ApiClient }

export interface DestinationHandlerDeps {
  host: SessionSource<ImportSession>
  events: EventBus
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
}

/** Handlers for the destination book's file export and import; an import runs in the background, one run per import. */
export function destinationHandlers({
  host,
  events,
  chooseSavePath,
}: DestinationHandlerDeps): HandlersFor<typeof destinationChannels> {
  const exports = new ExportRuns(events, chooseSavePath)
  const running = new Set<string>()
  const stopped = new Map<string, string>()
  const importsOf = (session: ImportSession) => destinationImports(session)

  const start = (session: ImportSession, id: string) => {
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
      return exports.run(`destinations-${new Date().toISOString().slice(0, 10)}.csv`, (target, signal, onProgress) =>
        exportDestinations(session.client, target, signal, onProgress),
      )
    },
    'destinations.importCheck': async ({ base64 }) => {
      return checkDestinationFile(await host.session(), Buffer.from(base64, 'base64'))
    },
    'destinations.importStart': async ({ source, base64 }) => {
      const session = await host.session()
      const { check, importId } = await recordDestinationImport(
        session,
        importsOf(session),
        Buffer.from(base64, 'base64'),
        source,
      )
      if (importId === null) throw importRefused(check)
      start(session, importId)
      return importsOf(session).progress(importId)
    },
    'destinations.importList': async () => {
      const session = await host.session()
      const imports = importsOf(session)
      return destinationImportList(session.store).map((job) => imports.progress(job.id))
    },
    'destinations.importStatus': async ({ importId }) => {
      const session = await host.session()
      const progress = importsOf(session).progress(importId)
      return {
        progress,
        running: running.has(importId),
        stopped: stopped.get(importId) ?? null,
        failed: refusedImportRows(session.store, importId),
      }
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
