import { DeskError } from '../errors'

/** What the user can do about a missing or locked keychain, on each platform. There is no file fallback. */
export const KEYCHAIN_HELP =
  'The OS keychain is missing or locked, so the key cannot be stored or read (Payout Desk never keeps keys in ' +
  'a file). ' +
  'Linux: install and run a Secret Service provider (gnome-keyring or KWallet) in your desktop session with ' +
  'D-Bus, and unlock it (for example in Seahorse / "Passwords and Keys"). ' +
  'macOS: open Keychain Access and unlock the login keychain. ' +
  'Windows: make sure Credential Manager is available for your user account. Then try again.'

/**
 * `cause`, when known, says what is missing before the general advice (for example no D-Bus session bus). `failure`,
 * the keyring's own error, stays out of the message and is kept for the log (it names D-Bus paths, never a secret).
 */
export function keychainUnavailable(cause: string | null = null, failure?: unknown): DeskError {
  const error = new DeskError('keychain_unavailable', cause ? `${cause} ${KEYCHAIN_HELP}` : KEYCHAIN_HELP)
  if (failure !== undefined) error.cause = failure
  return error
}

/** The keychain is there but did not answer in time (a busy computer, or an unlock prompt nobody answered yet). */
export function keychainSlow(waitedMs: number): DeskError {
  return new DeskError(
    'timeout',
    `The OS keychain did not answer within ${Math.round(waitedMs / 1000)} s. It is there but slow: the ` +
      `computer may be busy, ` +
      'or it may be waiting for you to unlock it. Nothing was lost; try again.',
  )
}
