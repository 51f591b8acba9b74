// The per-profile composition root, a room beside desk.ts: the CLI and the connector open sessions with no desk.
export { ProfileSession } from './session'
export type { SessionDeps, SessionServices } from './session-options'
export { SessionHost, type HostDeps } from './session-host'
export { openSession, withSession, type OpenSessionOptions, type SessionRole } from './open-session'
export { openProfileStore, withProfileStore } from './profile-store'
// A host that says what its sessions' requests wait for (the CLI, on stderr) watches every pacer of its process.
export { watchBudgetWaits, type PacerWait } from '../api/pacer'
