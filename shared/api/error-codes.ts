/** Error codes of the API (spec: "Errors") and the app's own codes that cross IPC. */
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
  'profile_not_found',
  'key_not_found',
  'network_error',
  'timeout',
  'invalid_response',
  'not_supported',
  'internal',
] as const
export type AppErrorCode = (typeof APP_ERROR_CODES)[number]
