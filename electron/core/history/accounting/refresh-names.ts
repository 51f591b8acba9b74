import { noteProviderLists, type GuardClient } from '../../destinations/use-cases'
import type { DeskStore } from '../../store/desk-store'

/**
 * Reads the destination book and the wallets once before an accounting export, so payees carry the book's current
 * labels. Best effort: when the provider cannot answer, the export names payees from the copy the store already
 * holds; the reason is returned for the caller to say.
 */
export async function refreshAddressNames(store: DeskStore, client: GuardClient): Promise<string | null> {
  try {
    noteProviderLists(store, await client.listCounterparties(), await client.listWallets())
    return null
  } catch (err) {
    return err instanceof Error ? err.message : String(err)
  }
}
