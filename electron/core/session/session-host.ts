import type { Counterparty } from '../../../shared/api/resources'
import { listDestinations } from '../destinations/use-cases'
import { DeskError } from '../errors'
import { EventBus } from '../event-bus'
import { profileDir } from '../profiles/profile-dir'
import type { Profile } from '../profiles/profile'
import type { DeskStore } from '../store'
import { openSession, withSession, type OpenSessionOptions } from './open-session'
import { withProfileStore } from './profile-store'
import type { ProfileSession } from './session'

export interface HostDeps extends OpenSessionOptions {
  /** The app's own roles: a host keeps the session a window works with. */
  role: 'app' | 'demo'
  currentProfile(): Promise<Profile | null>
}

function fingerprint(p: Profile): string {
  return JSON.stringify([p.id, p.baseUrl, p.keyId, p.algorithm])
}

/**
 * Keeps one session for the current profile. A switch of profile, key or URL closes the old
 * session (its poller stops) before the next call uses the new one.
 */
export class SessionHost {
  private current: { key: string; session: Promise<ProfileSession> } | null = null

  constructor(private readonly deps: HostDeps) {}

  async session(): Promise<ProfileSession> {
    const profile = await this.deps.currentProfile()
    if (!profile) throw new DeskError('profile_not_found', 'No profile is open. Choose or create a profile first.')
    if (!profile.keyId)
      throw new DeskError(
        'key_not_found',
        "This profile has no Key ID yet. Register its key in the provider's console and enter the Key ID.",
      )
    const key = fingerprint(profile)
    const open = this.current
    if (open?.key === key) return open.session
    // Claim the slot before awaiting, so concurrent callers share one opening session.
    const { currentProfile: _, ...options } = this.deps
    const opening = openSession(profile, options)
    this.current = { key, session: opening }
    opening.catch(() => {
      if (this.current?.session === opening) this.current = null
    })
    if (open) await (await open.session.catch(() => null))?.close()
    return opening
  }

  /**
   * Any profile's store for one piece of work: the open session's when `profile` is the current one, else opened for
   * this call. `book` reads the profile's destination book with its key, only when the work asks.
   */
  async withProfileStore<T>(
    profile: Profile,
    work: (store: DeskStore, book: () => Promise<Counterparty[]>) => T | Promise<T>,
  ): Promise<T> {
    if ((await this.deps.currentProfile())?.id === profile.id && profile.keyId) {
      const session = await this.session()
      return work(session.store, () => listDestinations(session))
    }
    return withProfileStore(profileDir(this.deps.dataDir, profile.id), 'app', (store) => {
      const oneOff = {
        role: 'one-off' as const,
        dataDir: this.deps.dataDir,
        store,
        events: new EventBus(),
        openSigner: (p: Profile) => this.deps.openSigner(p),
      }
      return work(store, () => withSession(profile, oneOff, (s) => listDestinations(s)))
    })
  }

  /** Closes the session if the current profile is no longer the one it serves. */
  async refresh(): Promise<void> {
    if (!this.current) return
    const profile = await this.deps.currentProfile()
    if (!profile || fingerprint(profile) !== this.current?.key) await this.close()
  }

  async close(): Promise<void> {
    const open = this.current
    this.current = null
    if (open) await (await open.session.catch(() => null))?.close()
  }
}
