import { DeskError } from '../errors'
import type { Profile } from '../profiles/profile'
import { openSession, type OpenSessionOptions } from './open-session'
import type { TreasurySession } from './session'

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
  private current: { key: string; session: Promise<TreasurySession> } | null = null

  constructor(private readonly deps: HostDeps) {}

  async session(): Promise<TreasurySession> {
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
