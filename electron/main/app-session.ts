import { session, type Session } from 'electron'

export const APP_PARTITION = 'persist:payout-desk'

/**
 * The app's own session, apart from Electron's default one, with the HTTP cache off: no answer is ever kept on disk.
 */
export function appSession(): Session {
  return session.fromPartition(APP_PARTITION, { cache: false })
}
