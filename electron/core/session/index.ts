export { TreasurySession, type SessionDeps, type SessionServices } from './session'
export { SessionHost, type HostDeps } from './session-host'
export { withOneOffSession, type OneOffDeps } from './one-off-session'
