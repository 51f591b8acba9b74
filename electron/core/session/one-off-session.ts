import type { Profile } from '../profiles/profile'
import type { Signer } from '../signing'
import type { DeskStore, ProcessRole } from '../store'
import { EventBus } from '../event-bus'
import { openProfileStore, TreasurySession } from './session'

export interface OneOffDeps {
  dataDir: string
  role: ProcessRole
  openSigner(profile: Profile): Promise<Signer>
}

/**
 * A signing session for one piece of work over a store the caller holds (a CLI command, a check
 * for a profile that is not the open one), closed afterwards. It does not follow payouts: that is
 * the open app's job.
 */
export async function withOneOffSession<T>(
  profile: Profile,
  store: DeskStore,
  deps: OneOffDeps,
  work: (session: TreasurySession) => Promise<T>,
): Promise<T> {
  const session = await TreasurySession.open(profile, { ...deps, store, events: new EventBus() })
  try {
    return await work(session)
  } finally {
    await session.close()
  }
}

/** A profile's store opened for one piece of work (a profile that is not the open one) and closed afterwards. */
export async function withProfileStore<T>(
  dir: string,
  role: ProcessRole,
  work: (store: DeskStore) => T | Promise<T>,
): Promise<T> {
  const store = openProfileStore(dir, role)
  try {
    return await work(store)
  } finally {
    store.close()
  }
}
