import type { CreateCounterparty } from '../../../shared/api/requests'
import type { Counterparty } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import { checkCounterpartyBody } from '../api/input-checks'
import { DeskError } from '../errors'
import { baitFlags, knownAddresses, type DeskStore } from '../store'
import { findLookalikes, lookalikeError } from './lookalike-guard'

export interface CreateDestinationOptions {
  /**
   * The new destination's address exactly as given, typed again by a person who compared it with what it
   * resembles; anything else (an agent, no answer, another spelling) leaves a look-alike refused.
   */
  acceptLookalike?: string
  /** What the refusal tells the person to do on this surface. */
  howToAccept: string
}

/**
 * The one way a destination is saved from any surface (app, CLI, connector): the address rules first, then the
 * look-alike guard over every address the profile knows, then the provider; the new entry joins the index.
 */
export async function createDestination(
  store: DeskStore,
  client: Pick<ApiClient, 'listCounterparties' | 'listWallets' | 'createCounterparty'>,
  input: CreateCounterparty,
  options: CreateDestinationOptions,
): Promise<{ counterparty: Counterparty; alreadyExists: boolean }> {
  const body = checkCounterpartyBody(input)
  const findings = await findLookalikes(store, client, body.network, body.address)
  if (findings.length > 0 && options.acceptLookalike !== body.address) {
    if (options.acceptLookalike !== undefined) {
      throw new DeskError('lookalike_destination', `The accepted address ${JSON.stringify(options.acceptLookalike)} is not the new destination's address ${body.address}; nothing was saved.`)
    }
    throw lookalikeError(body.address, findings, options.howToAccept)
  }
  return registerDestination(store, client, body)
}

type Created = { counterparty: Counterparty; alreadyExists: boolean }

/**
 * The provider's create of a body already checked, and the entry noted in the index (the import checks a whole file
 * first); `alsoRecord` commits with the note, so an import's row state costs no second write to disk.
 */
export async function registerDestination(
  store: DeskStore,
  client: Pick<ApiClient, 'createCounterparty'>,
  body: CreateCounterparty,
  options: { signal?: AbortSignal; alsoRecord?: (created: Created) => void } = {},
): Promise<Created> {
  const created = await client.createCounterparty(body, { signal: options.signal })
  const c = created.counterparty
  store.transaction('note the new destination', () => {
    store.repo(knownAddresses).note([{ network: c.network, address: c.address, source: 'destination', label: c.label || null, seenAt: c.created_at }])
    options.alsoRecord?.(created)
    store.repo(baitFlags).recheck()
  })
  return created
}
