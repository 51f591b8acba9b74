import type { payeeSafetyChannels } from '../../../shared/ipc/channels/payee-safety'
import { acknowledgeAlteration, describeAlteration, openAlterations } from '../alterations/use-cases'
import type { EventBus } from '../event-bus'
import type { HandlersFor } from '../ipc/router'
import { importScreeningList, screeningStatus } from '../screening/use-cases'
import { who } from '../audit/who'
import {
  confirmPayeeChangeNow,
  explainPayoutNow,
  payeeChangeOfDestination,
  payeeChangeWait,
  setPayeeChangeWait,
  type PayeeSession,
} from './use-cases'

/** The open profile's session, as far as these doors need it (the session host gives it). */
export interface PayeeSafetyHost {
  session(): Promise<PayeeSession & { profile: { id: string } }>
}

export interface PayeeSafetyDeps {
  host: PayeeSafetyHost
  events: EventBus
  actor?: () => string
}

/** The app's doors to issue 35: altered withdrawals, screening lists, payee changes and a payout's checks. */
export function payeeSafetyHandlers({
  host,
  events,
  actor = () => who('app'),
}: PayeeSafetyDeps): HandlersFor<typeof payeeSafetyChannels> {
  const waitHours = async () => ({ hours: payeeChangeWait((await host.session()).store) })
  return {
    'alterations.list': async () =>
      openAlterations((await host.session()).store).map((a) => ({
        withdrawalId: a.withdrawalId,
        key: a.key,
        differences: a.differences,
        detectedAt: a.detectedAt,
        message: describeAlteration(a),
      })),
    'alterations.acknowledge': async ({ withdrawalId }) => {
      const session = await host.session()
      acknowledgeAlteration(session.store, withdrawalId, actor())
      events.emit('alterations.changed', { profileId: session.profile.id })
      return {}
    },
    'screening.import': async ({ fileName, base64, name }) => {
      const text = Buffer.from(base64, 'base64').toString('utf8')
      return importScreeningList((await host.session()).store, { text, file: fileName, name, actor: actor() })
    },
    'screening.status': async () => screeningStatus((await host.session()).store),
    'payees.changeOf': async ({ destinationId }) => payeeChangeOfDestination(await host.session(), destinationId),
    'payees.confirmChange': async ({ destinationId, ...input }) =>
      confirmPayeeChangeNow(await host.session(), destinationId, { ...input, actor: actor() }),
    'payees.changeWait': waitHours,
    'payees.setChangeWait': async ({ hours }) => {
      setPayeeChangeWait((await host.session()).store, hours)
      return waitHours()
    },
    'payouts.explain': async ({ body }) => explainPayoutNow(await host.session(), body),
  }
}
