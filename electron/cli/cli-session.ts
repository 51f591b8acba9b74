import { EventBus } from '../core/event-bus'
import type { Profile } from '../core/profiles'
import { TreasurySession } from '../core/session/session'
import type { CliContext } from './cli-context'

/**
 * A signed session on the profile for a command that calls the provider (batch check and send):
 * the key from the keychain, the profile's store and its shared pacer. It starts no background work:
 * a CLI command sends only the batch it names; unfinished ones wait for "batch resume" or the app.
 */
export async function withSession<T>(
  ctx: CliContext,
  profile: Profile,
  work: (session: TreasurySession) => Promise<T>,
): Promise<T> {
  const session = await TreasurySession.open(profile, {
    dataDir: ctx.home,
    role: 'cli',
    events: new EventBus(),
    openSigner: (p) => ctx.keys.vault.openSigner(p),
  })
  try {
    return await work(session)
  } finally {
    await session.close()
  }
}
