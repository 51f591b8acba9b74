/**
 * Every error code that can reach a person: the API's (spec "Errors") and the app's own. DeskError,
 * the IPC error schema and the renderer all take `ErrorCode`, so a code outside this table does not compile.
 */
export const API_ERROR_CODES = [
  'validation_failed',
  'idempotency_key_required',
  'unauthorized',
  'invalid_timestamp',
  'wallet_not_found',
  'withdrawal_not_found',
  'transaction_not_found',
  'idempotency_conflict',
  'withdrawal_not_cancellable',
  'request_too_large',
  'asset_not_held',
  'destination_not_whitelisted',
  'no_approver_available',
  'withdrawal_failed',
  'rate_limited',
  'internal_error',
  'service_unavailable',
] as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[number]

export const APP_ERROR_CODES = [
  'invalid_input',
  'unknown_channel',
  'forbidden_sender',
  'keychain_unavailable',
  'key_unreadable',
  'key_exists',
  'key_not_found',
  /** A Key ID meant to replace the one in use did not pass the connection test; the old one stays. */
  'key_test_failed',
  'no_key',
  'no_key_id',
  'profile_not_found',
  'profiles_unreadable',
  'profiles_corrupt',
  'settings_corrupt',
  'confirmation_required',
  'agent_write_tools_off',
  'in_progress',
  'network_error',
  'timeout',
  'unreachable',
  'tls',
  'unknown_key',
  'clock_skew',
  'server_error',
  'invalid_response',
  'outcome_unknown',
  'interrupted',
  'not_recorded',
  'not_supported',
  'demo_simulator_only',
  'lookalike_destination',
  /** The address is on a screening list a person imported; never overridden. */
  'screening_listed',
  /** A known payee's new address, before its waiting period passed and someone confirmed it. */
  'payee_change_unconfirmed',
  /** The provider recorded a withdrawal otherwise than asked; sends stop until a person acknowledges it. */
  'withdrawal_altered',
  /** A viewer, or a profile marked view-only, asked for a write; nothing was done. */
  'view_only',
  /** People exist on this desk: the act needs a named person (`--as NAME`, or unlocking in the app). */
  'person_required',
  'wrong_passphrase',
  'person_not_found',
  'person_exists',
  'people_corrupt',
  /** Key and policy changes and people are an admin's. */
  'admin_only',
  /** Four eyes: the act needs a second person other than the one who started it. */
  'second_person_required',
  /** The desk is locked: only unlocking is answered. */
  'desk_locked',
  /** Too many wrong passphrases: the next unlock waits (30 s, doubling to 15 minutes). */
  'unlock_wait',
  /** A production write and the person's passphrase is older than a few minutes: type it again. */
  'passphrase_again',
  'bad_message',
  'no_bridge',
  /** The demo page's bridge lost its connection to the demo server; the call was not answered. */
  'bridge_closed',
  'internal',
] as const
export type AppErrorCode = (typeof APP_ERROR_CODES)[number]

/**
 * Codes of the per-profile SQLite store (outbox, audit, pacer) and what is built on it: agent policy, batches, the
 * history ledger.
 */
export const STORE_ERROR_CODES = [
  'disk_full',
  'disk_read_only',
  'disk_permission',
  'store_locked',
  'store_corrupt',
  'store_too_new',
  'store_error',
  'disk_error',
  'record_corrupt',
  /** A control row (a confirmation, an acknowledgement, a price, an audit row) was changed outside the desk. */
  'store_tampered',
  'payout_held',
  'held_rejected',
  'held_expired',
  'policy_denied',
  'batch_not_found',
  'batch_busy',
  /** Only an expired, rejected or failed payout is requested again. */
  'not_requestable_again',
  /** The payout was requested again already; the newer one is named. */
  'already_requested_again',
  'import_not_found',
  'import_busy',
  'ledger_incomplete',
  'ledger_unbound',
  /** The change is dated inside a month-end close a person locked; reopen the period first. */
  'period_locked',
  'cancelled',
] as const
export type StoreErrorCode = (typeof STORE_ERROR_CODES)[number]

export const ERROR_CODES = [...API_ERROR_CODES, ...APP_ERROR_CODES, ...STORE_ERROR_CODES] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES)
const API_KNOWN: ReadonlySet<string> = new Set(API_ERROR_CODES)

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && KNOWN.has(code)
}

export function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && API_KNOWN.has(code)
}
