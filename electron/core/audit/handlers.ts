import type { activityChannels } from '../../../shared/ipc/channels/activity'
import type { EventBus } from '../event-bus'
import type { HandlersFor } from '../ipc/router'
import { ExportRuns } from '../exports/export-runs'
import type { SessionSource } from '../ipc/session-source'
import type { DeskStore } from '../store'
import { exportActivity, readActivity, verifyAuditLog } from './use-cases'

/** What these handlers use of the open profile's session. */
type ActivitySession = { store: DeskStore }

export interface ActivityHandlerDeps {
  host: SessionSource<ActivitySession>
  events: EventBus
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
}

/** The open profile's audit log as the Activity view reads it: pages, the chain's state, and a CSV export. */
export function activityHandlers({
  host,
  events,
  chooseSavePath,
}: ActivityHandlerDeps): HandlersFor<typeof activityChannels> {
  const exports = new ExportRuns(events, chooseSavePath)
  return {
    'activity.page': async (input) => readActivity((await host.session()).store, input),
    'activity.verify': async ({ whole }) => verifyAuditLog((await host.session()).store, whole),
    'activity.export': async (filter) => {
      const session = await host.session()
      return exports.run(`activity-${new Date().toISOString().slice(0, 10)}.csv`, (target, signal, onProgress) =>
        exportActivity(session.store, filter, target, signal, onProgress),
      )
    },
    'activity.cancelExport': ({ exportId }) => exports.cancel(exportId),
  }
}
