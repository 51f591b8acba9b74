import type { Profile } from '../profiles/profile'
import type { ProcessRole } from '../store'
import { ProfileSession } from './session'
import type { SessionDeps, SessionServices } from './session-options'

/**
 * Who opens a session decides what it runs: the app (and the demo, which is the app on a simulator) runs the desk's
 * background work; the agent's connector looks up lost outcomes and sends what waits its turn (it follows its own
 * payouts with get_withdrawal); a CLI command starts nothing, so it never continues a person's batch or follows
 * payouts it did not ask about; nor does the app's one-off session for a profile that is not the open one. What a
 * role does not start is never built (see LazyParts).
 */
export type SessionRole = 'app' | 'demo' | 'connector' | 'cli' | 'one-off'

const APP: SessionServices = {
  followPayouts: true,
  sendQueued: true,
  resolveUnknown: true,
  resumeBatches: true,
  expireHeld: true,
  remindWaiting: true,
}

const ROLES: Record<SessionRole, { process: ProcessRole; services: SessionServices }> = {
  app: { process: 'app', services: APP },
  demo: { process: 'demo', services: APP },
  connector: { process: 'agent', services: { resolveUnknown: true, sendQueued: true } },
  cli: { process: 'cli', services: {} },
  'one-off': { process: 'app', services: {} },
}

export interface OpenSessionOptions extends Omit<SessionDeps, 'role'> {
  role: SessionRole
  /** The history ledger's background sync, for the app's roles (a setting: tests and the CLI sync on demand). */
  syncHistory?: boolean
}

/** The one way to open a profile's session: built and started as its role says. */
export async function openSession(profile: Profile, options: OpenSessionOptions): Promise<ProfileSession> {
  const { role, syncHistory, ...deps } = options
  const { process, services } = ROLES[role]
  const session = await ProfileSession.open(profile, { ...deps, role: process })
  session.start({ ...services, syncHistory: syncHistory === true && services.followPayouts === true })
  return session
}

/** A session for one piece of work (a CLI command, a check for a profile that is not the open one), then closed. */
export async function withSession<T>(
  profile: Profile,
  options: OpenSessionOptions,
  work: (session: ProfileSession) => Promise<T>,
): Promise<T> {
  const session = await openSession(profile, options)
  try {
    return await work(session)
  } finally {
    await session.close()
  }
}
