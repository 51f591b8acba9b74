export { TreasurySession } from './session'
export type { SessionDeps, SessionServices } from './session-options'
export { SessionHost, type HostDeps } from './session-host'
export { openSession, withSession, type OpenSessionOptions, type SessionRole } from './open-session'
