// The per-profile composition root: it only combines the features' modules. It is a room of its own, not a file
// beside desk.ts, because the CLI and the connector open a profile's session without the desk around it.
export { ProfileSession } from './session'
export type { SessionDeps, SessionServices } from './session-options'
export { SessionHost, type HostDeps } from './session-host'
export { openSession, withSession, type OpenSessionOptions, type SessionRole } from './open-session'
export { openProfileStore, withProfileStore } from './profile-store'
// A host that says what its sessions' requests wait for (the CLI, on stderr) watches every pacer of its process.
export { watchBudgetWaits, type PacerWait } from '../api/pacer'
