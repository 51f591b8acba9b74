import type { CreateCounterparty } from '../../../shared/api/requests'
import type { Counterparty } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import { ApiError } from '../api/errors'
import { checkCounterpartyBody } from '../api/input-checks'
import { DeskError } from '../errors'
import { assertNotListed } from '../screening/use-cases'
import { baitFlags, knownAddresses, profileAccess, type DeskStore } from '../store'
import { claimDestination, lookalikeError, readProviderLists, releaseClaim } from './lookalike-guard'

export interface CreateDestinationOptions {
  /**
   * The new destination's address exactly as given, typed again by a person who compared it with what it
   * resembles; anything else (an agent, no answer, another spelling) leaves a look-alike refused.
   */
  acceptLookalike?: string
  /** What the refusal tells the person to do on this surface. */
  howToAccept: string
  /** Who adds it (`cli (alice)`): four eyes keep them from confirming its payee change themselves. */
  addedBy?: string
}

type Created = { counterparty: Counterparty; alreadyExists: boolean }

/**
 * The one way a destination is saved from the app, the CLI and the connector: the address rules, the provider's
 * book and wallets read into the index, then the gate (check and claim at once) and the provider's create.
 */
export async function createDestination(
  store: DeskStore,
  client: Pick<ApiClient, 'listCounterparties' | 'listWallets' | 'createCounterparty'>,
  input: CreateCounterparty,
  options: CreateDestinationOptions,
): Promise<Created> {
  const body = checkCounterpartyBody(input)
  await readProviderLists(store, client)
  return registerDestination(store, client, body, options)
}

/**
 * The gate before every create of a counterparty (each import row too, as it is sent): the look-alike check and the
 * claim in one transaction, then the provider; the claim ends with the new entry noted in the index, or with a
 * refusal the provider answered. With no answer the claim stays while this process lives, so a look-alike is
 * not let through while the provider may have saved it.
 */
export async function registerDestination(
  store: DeskStore,
  client: Pick<ApiClient, 'createCounterparty'>,
  body: CreateCounterparty,
  options: CreateDestinationOptions & { signal?: AbortSignal; alsoRecord?: (created: Created) => void },
): Promise<Created> {
  claimDestination(store, body.network, body.address, (findings) => {
    // A listed address is refused on every path in, whatever a person accepts.
    assertNotListed(store, body.address)
    if (findings.length === 0 || options.acceptLookalike === body.address) return
    if (options.acceptLookalike !== undefined) {
      throw new DeskError(
        'lookalike_destination',
        `The accepted address ${JSON.stringify(options.acceptLookalike)} is not the new destination's address ` +
          `${body.address}; nothing was saved.`,
      )
    }
    throw lookalikeError(body.address, findings, options.howToAccept)
  })
  let created: Created
  try {
    created = await client.createCounterparty(body, { signal: options.signal })
  } catch (err) {
    if (err instanceof ApiError && err.status < 500 && err.status !== 429)
      store.transaction('release the destination claim', () => releaseClaim(store, body.network, body.address))
    throw err
  }
  const c = created.counterparty
  store.transaction('note the new destination', () => {
    store
      .repo(knownAddresses)
      .note([
        { network: c.network, address: c.address, source: 'destination', label: c.label || null, seenAt: c.created_at },
      ])
    releaseClaim(store, body.network, body.address)
    options.alsoRecord?.(created)
    if (options.addedBy && !created.alreadyExists) store.repo(profileAccess).noteDestinationAdder(c.id, options.addedBy)
    store.repo(baitFlags).recheck()
  })
  return created
}
