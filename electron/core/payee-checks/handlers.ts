import type { payeeSafetyChannels } from '../../../shared/ipc/channels/payee-safety'
import { acknowledgeAlteration, describeAlteration, openAlterations } from '../alterations/use-cases'
import { DeskError } from '../errors'
import type { EventBus } from '../event-bus'
import type { HandlersFor } from '../ipc/router'
import { importScreeningList, screeningStatus } from '../screening/use-cases'
import type { ApiClient } from '../api/api-client'
import { who } from '../audit/who'
import { payeeConfirmations, type DeskStore } from '../store'
import { confirmPayeeChange, DEFAULT_PAYEE_CHANGE_WAIT_HOURS, explainPayout, payeeChangeNow, setPayeeChangeWait } from './use-cases'

/** The open profile's session, as far as these doors need it (the session host gives it). */
export interface PayeeSafetyHost {
  session(): Promise<{ profile: { id: string }; store: DeskStore; client: Pick<ApiClient, 'listCounterparties'> }>
}

export interface PayeeSafetyDeps {
  host: PayeeSafetyHost
  events: EventBus
  actor?: () => string
}

/** The app's doors to issue 35: altered withdrawals, screening lists, payee changes and a payout's checks. */
export function payeeSafetyHandlers({ host, events, actor = () => who('app') }: PayeeSafetyDeps): HandlersFor<typeof payeeSafetyChannels> {
  const waitHours = async () => {
    const { store } = await host.session()
    return { hours: store.read('read the payee change wait', () => store.repo(payeeConfirmations).waitHours(DEFAULT_PAYEE_CHANGE_WAIT_HOURS)) }
  }
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
    'payees.changeOf': async ({ destinationId }) => {
      const session = await host.session()
      const book = await session.client.listCounterparties()
      const destination = book.find((c) => c.id === destinationId)
      if (!destination) throw new DeskError('invalid_input', `No destination ${destinationId} in the book.`)
      return payeeChangeNow(session.store, book, destination)
    },
    'payees.confirmChange': async ({ destinationId, ...input }) => {
      const session = await host.session()
      return confirmPayeeChange(session.store, await session.client.listCounterparties(), destinationId, { ...input, actor: actor() })
    },
    'payees.changeWait': waitHours,
    'payees.setChangeWait': async ({ hours }) => {
      setPayeeChangeWait((await host.session()).store, hours)
      return waitHours()
    },
    'payouts.explain': async ({ body }) => {
      const session = await host.session()
      return explainPayout(session.store, await session.client.listCounterparties(), body)
    },
  }
}
