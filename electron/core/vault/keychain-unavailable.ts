import { DeskError } from '../errors'

/** What the user can do about a missing or locked keychain, on each platform. There is no file fallback. */
export const KEYCHAIN_HELP =
  'The OS keychain is missing or locked, so the key cannot be stored or read (Payout Desk never keeps keys in a file). ' +
  'Linux: install and run a Secret Service provider (gnome-keyring or KWallet) in your desktop session with D-Bus, and unlock it (for example in Seahorse / "Passwords and Keys"). ' +
  'macOS: open Keychain Access and unlock the login keychain. ' +
  'Windows: make sure Credential Manager is available for your user account. Then try again.'

/** `cause`, when known, says what is missing before the general advice (for example no D-Bus session bus). */
export function keychainUnavailable(cause: string | null = null): DeskError {
  return new DeskError('keychain_unavailable', cause ? `${cause} ${KEYCHAIN_HELP}` : KEYCHAIN_HELP)
}
