import { listRuns, previewRun } from './use-cases'
import type { payRunChannels } from '../../../shared/ipc/channels/pay-runs'
import type { HandlersFor } from '../ipc/router'
import type { SessionSource } from '../ipc/session-source'

/** What these handlers use of the open profile's session. */
type RunSession = Parameters<typeof previewRun>[0]

/** Handlers for the open profile's pay runs: the list with next due periods, and a period's preview. */
export function payRunHandlers({ host }: { host: SessionSource<RunSession> }): HandlersFor<typeof payRunChannels> {
  return {
    'payRuns.list': async () => {
      const session = await host.session()
      return listRuns(session.store)
    },
    'payRuns.preview': async ({ name, period }) => {
      const preview = await previewRun(await host.session(), name, period, new Date(), true)
      const { check: _check, firstPayouts, ...view } = preview
      // The send panel asks the batch review's acknowledgement of destinations never paid before.
      return { ...view, firstPayoutCount: firstPayouts.length }
    },
  }
}
