import type { Counterparty, TransactionLeg, Withdrawal } from '../../shared/api'

/** Records the simulator keeps per environment; the API views are derived from them. */
export interface WorkspaceRecord {
  id: string
  name: string
  organisation_id: string
  parent_id: string | null
}

export interface KeyRecord {
  key_id: string
  workspace_id: string
  algorithm: 'ed25519' | 'hmac'
  /** Standard base64 of the raw 32-byte Ed25519 public key. */
  public_key: string | null
  secret: string | null
  expires_at: string | null
  ip_allowlist: string[] | null
  revoked: boolean
}

/** A balance as opened; what it holds now is derived from the movements (data/balances.ts). */
export interface BalanceRecord {
  asset: string
  network: string
  opening_amount: string
  opening_available: string
  /** Set only through the console, to make this balance disagree with its movements on purpose. */
  skew?: string
  decimals: number
  usd_price: number
}

export interface WalletRecord {
  id: string
  workspace_id: string
  name: string
  deposit_addresses: { network: string; address: string }[]
  balances: BalanceRecord[]
  unreadable: boolean
}

export type CounterpartyRecord = Counterparty & { workspace_id: string }

export interface WithdrawalRecord extends Withdrawal {
  workspace_id: string
  organisation_id: string
  idempotency_key: string
  /** The validated body, keys sorted: what a replay must match. */
  fingerprint: string
  fee_priority: 'low' | 'medium' | 'high'
}

export interface LegRecord extends TransactionLeg {
  workspace_id: string
  /** created_at in epoch milliseconds, the primary sort key. */
  at: number
}

export interface Settings {
  rate_limit_per_minute: number
  rate_limit_window_s: number
  approver_available: boolean
  live_refresh_fails: boolean
}

export const DEFAULT_SETTINGS: Settings = {
  rate_limit_per_minute: 120,
  rate_limit_window_s: 60,
  approver_available: true,
  live_refresh_fails: false,
}

/** Everything that survives a restart with --state. */
export interface EnvironmentData {
  workspaces: WorkspaceRecord[]
  keys: KeyRecord[]
  wallets: WalletRecord[]
  counterparties: CounterpartyRecord[]
  withdrawals: WithdrawalRecord[]
  legs: LegRecord[]
  settings: Settings
}

export type EnvironmentName = 'sandbox' | 'production'

export function emptyData(): EnvironmentData {
  return {
    workspaces: [],
    keys: [],
    wallets: [],
    counterparties: [],
    withdrawals: [],
    legs: [],
    settings: { ...DEFAULT_SETTINGS },
  }
}
