import type { ChannelReply } from '../../../shared/ipc/channels'
import type { payeeCheckChannels } from '../../../shared/ipc/channels/payee-checks'
import { acknowledgeAlteration, describeAlteration, openAlterations } from '../alterations/use-cases'
import type { EventBus } from '../event-bus'
import type { HandlersFor } from '../ipc/router'
import type { SessionSource } from '../ipc/session-source'
import {
  checkListSize,
  importScreeningList,
  screeningHitsNow,
  screeningStatus,
  type ListedPayout,
} from '../screening/use-cases'
import { who } from '../audit/use-cases'
import type { Environment } from '../profiles/profile'
import type { DeskStore } from '../store'
import {
  confirmPayeeChangeNow,
  explainPayoutNow,
  payeeChangeOfDestination,
  payeeChangeWait,
  setPayeeChangeWait,
  type PayeeSession,
} from './use-cases'

/** The open profile's session, as far as these doors need it. */
export type PayeeCheckSession = PayeeSession & { profile: { id: string; environment: Environment } }

/** A second person's check on an act that moves trust; throws when it is missing. */
export type TrustCheck = (
  store: DeskStore,
  environment: Environment,
  act: { kind: 'acknowledge'; ref: string } | { kind: 'payee_confirm'; destinationId: string },
) => Promise<void>

/**
 * Ports the composition root fills from the features that own them (payouts cancels, people checks four eyes), so
 * payee checks import neither.
 */
export interface PayeeCheckDeps<S extends PayeeCheckSession> {
  host: SessionSource<S>
  /** Cancels or discards the waiting payouts a screening list names (payouts' use case). */
  cancelListed: (session: S, payouts: readonly ListedPayout[]) => Promise<ChannelReply<'screening.cancelHits'>>
  events: EventBus
  actor?: () => string
  /** Four eyes on an acknowledgement and a payee change's confirmation (people's use case). */
  secondPerson?: TrustCheck
  /** The person at the desk once it has people: a confirmation names them, not a typed name. */
  person?: () => string | null
}

/** The app's doors to issue 35: altered withdrawals, screening lists, payee changes and a payout's checks. */
export function payeeCheckHandlers<S extends PayeeCheckSession>({
  host,
  cancelListed,
  events,
  actor = () => who('app'),
  secondPerson,
  person = () => null,
}: PayeeCheckDeps<S>): HandlersFor<typeof payeeCheckChannels> {
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
      await secondPerson?.(session.store, session.profile.environment, { kind: 'acknowledge', ref: withdrawalId })
      acknowledgeAlteration(session.store, withdrawalId, actor())
      events.emit('alterations.changed', { profileId: session.profile.id })
      return {}
    },
    'screening.import': async ({ fileName, base64, name }) => {
      checkListSize(Math.floor((base64.length * 3) / 4))
      const text = Buffer.from(base64, 'base64').toString('utf8')
      const session = await host.session()
      const made = await importScreeningList(session, { source: { text }, file: fileName, name, actor: actor() })
      return { ...made, notAddresses: made.notAddresses.slice(0, 50), notAddressCount: made.notAddresses.length }
    },
    'screening.hits': async () => screeningHitsNow(await host.session()),
    'screening.cancelHits': async () => {
      const session = await host.session()
      const { findings } = await screeningHitsNow(session)
      const done = await cancelListed(session, findings.payouts)
      events.emit('outbox.changed', { profileId: session.profile.id })
      return done
    },
    'screening.status': async () => screeningStatus((await host.session()).store),
    'payees.changeOf': async ({ destinationId }) => payeeChangeOfDestination(await host.session(), destinationId),
    'payees.confirmChange': async ({ destinationId, ...input }) => {
      const session = await host.session()
      await secondPerson?.(session.store, session.profile.environment, { kind: 'payee_confirm', destinationId })
      return confirmPayeeChangeNow(session, destinationId, { ...input, by: person() ?? input.by, actor: actor() })
    },
    'payees.changeWait': waitHours,
    'payees.setChangeWait': async ({ hours }) => {
      setPayeeChangeWait((await host.session()).store, hours)
      return waitHours()
    },
    'payouts.explain': async ({ body }) => explainPayoutNow(await host.session(), body),
  }
}
