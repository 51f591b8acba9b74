import { withProfileClient, type WalletAccess } from '../core/history/use-cases'
import type { Profile } from '../core/profiles'
import type { DeskStore } from '../core/store'
import type { CliContext } from './cli-context'

/**
 * The provider's wallets read through the profile's signed client, its signer opened only when a report or a close
 * compares balances, and closed after.
 */
export const walletsOf =
  (ctx: CliContext, profile: Profile, store: DeskStore): WalletAccess =>
  async (read) => {
    const signer = await ctx.keys.vault.openSigner(profile)
    try {
      return await withProfileClient(profile, store, signer, 'cli', (client) => read((id) => client.getWallet(id)))
    } finally {
      signer.dispose()
    }
  }
