import type { counterpartyChannels } from '../../../shared/ipc/channels/counterparties'
import type { HandlersFor } from '../ipc/router'
import type { SessionSource } from '../ipc/session-source'
import type { DeskStore } from '../store'
import { findLookalikes } from './lookalike-guard'
import { listDestinations, saveDestination } from './use-cases'

/** What these handlers use of the open profile's session. */
type CounterpartySession = Parameters<typeof listDestinations>[0] &
  Parameters<typeof saveDestination>[0] & { store: DeskStore; client: Parameters<typeof findLookalikes>[1] }

type CounterpartyChannels = Pick<
  typeof counterpartyChannels,
  'counterparties.list' | 'counterparties.create' | 'counterparties.lookalikes' | 'counterparties.createLookalike'
>

/** Handlers for the destination book: its list, a new destination, and the lookalike check before saving one. */
export function counterpartyHandlers({
  host,
  addedBy,
}: {
  host: SessionSource<CounterpartySession>
  /** Who adds a destination (the person at the desk): four eyes keep them from confirming its payee change. */
  addedBy?: () => string
}): HandlersFor<CounterpartyChannels> {
  return {
    'counterparties.list': async () => listDestinations(await host.session()),
    'counterparties.create': async (input) => {
      const session = await host.session()
      return saveDestination(session, input, {
        howToAccept: 'Open the comparison to check both addresses before saving.',
        addedBy: addedBy?.(),
      })
    },
    'counterparties.lookalikes': async ({ network, address }) => {
      const session = await host.session()
      return findLookalikes(session.store, session.client, network, address)
    },
    'counterparties.createLookalike': async ({ body, acceptLookalike }) => {
      const session = await host.session()
      return saveDestination(session, body, { acceptLookalike, howToAccept: '', addedBy: addedBy?.() })
    },
  }
}
