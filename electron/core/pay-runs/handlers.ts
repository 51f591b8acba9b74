import { DeskError } from '../errors'
import { dueReminders, sendRun } from './use-cases'
import type { payRunReminderChannels } from '../../../shared/ipc/channels/pay-run-reminders'
import type { payRunSendChannels } from '../../../shared/ipc/channels/pay-run-send'
import type { HandlersFor } from '../ipc/router'
import type { SessionSource } from '../ipc/session-source'
import type { Profile } from '../profiles/profile'
import type { DeskStore } from '../store'

/** What these handlers use of the open profile's session. */
type RunSendSession = Parameters<typeof sendRun>[0] & { store: DeskStore; profile: Pick<Profile, 'environment'> }

/** Sending a run's period from the app: the same use case as `run send`, with the review's answers given up front. */
export function payRunSendHandlers({
  host,
  requestedBy,
}: {
  host: SessionSource<RunSendSession>
  /** Who the app's send names: the person at the desk, or the OS user on a desk without people. */
  requestedBy: () => string
}): HandlersFor<Pick<typeof payRunSendChannels, 'payRuns.send'> & typeof payRunReminderChannels> {
  return {
    'payRuns.reminders': async () => dueReminders((await host.session()).store),
    'payRuns.send': async (input) => {
      const session = await host.session()
      const production = session.profile.environment === 'production'
      const result = await sendRun(session, input.name, {
        period: input.period,
        ahead: input.period !== undefined && input.typedDate?.trim() === input.period,
        actor: requestedBy(),
        production,
        retypedTotal: input.retypedTotal,
        confirmDuplicates: input.confirmDuplicates,
        confirm: async (preview) => {
          const first = preview.firstPayouts.length
          // The review's tick covers the destinations never paid before; an unticked one stops before recording.
          if (first > 0 && !input.confirmFirstPayouts) {
            throw new DeskError(
              'confirmation_required',
              `${first} destination(s) were never paid before: check each address with its recipient, then ` +
                `tick the box.`,
            )
          }
          return {
            go: true,
            retypedTotal: production ? input.retypedTotal : null,
            confirmDuplicates: input.confirmDuplicates,
          }
        },
      })
      return {
        period: result.period,
        batchId: result.batchId,
        sentElsewhere: result.sentElsewhere,
        again: result.again,
        busy: result.busy,
        rows: result.rows.map((r) => ({
          payee: r.payee,
          amount: r.amount,
          asset: r.asset,
          state: r.state,
          conflict: r.conflict,
          earlier: r.earlier,
          requestedAgain: r.requestedAgain,
        })),
      }
    },
  }
}
