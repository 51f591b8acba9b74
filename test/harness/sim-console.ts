import type { RequestLogEntry } from '../../electron/simulator/environment'

export type { RequestLogEntry }

/** Typed helpers for the simulator console (docs/simulator.md). Each call throws ConsoleError on a non-200 answer. */
export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${status} ${code}: ${message}`)
  }
}

export interface BalanceSpec {
  asset: string
  network: string
  amount: string
  available: string
  decimals: number
  usd_price?: number
}

export interface KeyOptions {
  expires_at?: string
  ip_allowlist?: string[]
}

export type MovementSpec =
  | {
      wallet_id: string
      direction: 'in' | 'out'
      asset: string
      network: string
      amount: string
      fee?: string
      created_at?: string
      status?: string
      /** The outside party of an incoming (`from_address`) or outgoing (`to_address`) movement. */
      from_address?: string
      to_address?: string
    }
  | {
      wallet_id: string
      to_wallet_id: string
      asset: string
      network: string
      amount: string
      created_at?: string
      status?: string
    }
  | { wallet_id: string; generate: number }

export type WithdrawalAction = 'approve' | 'process' | 'complete' | 'reject' | 'fail' | 'expire'

export interface FaultSpec {
  method?: 'GET' | 'POST'
  path_prefix?: string
  mode: 'drop_after_commit' | 'status'
  status?: 429 | 500 | 503
  retry_after?: number
  times: number
}

export interface SimConsole {
  reset(seed?: 'demo' | 'empty'): Promise<void>
  workspaces(): Promise<{ id: string; name: string; organisation_id: string; parent_id: string | null }[]>
  createWorkspace(
    name: string,
    options?: { organisation_id?: string; parent_id?: string },
  ): Promise<{ id: string; organisation_id: string }>
  registerEd25519Key(workspaceId: string, publicKeyBase64: string, options?: KeyOptions): Promise<string>
  createHmacKey(workspaceId: string, options?: KeyOptions): Promise<{ keyId: string; secret: string }>
  revoke(keyId: string): Promise<void>
  // The API's Wallet and leg shapes; tests assert on them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createWallet(workspaceId: string, name: string, balances: BalanceSpec[], unreadable?: boolean): Promise<any>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  addTransactions(spec: MovementSpec): Promise<any[]>
  /** Verifies a destination, by default now; `verifiedAt` (ISO) ages or moves the verification. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  verify(counterpartyId: string, verifiedAt?: string): Promise<any>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  withdrawalAction(withdrawalId: string, action: WithdrawalAction): Promise<any>
  settings(patch: {
    rate_limit_per_minute?: number
    rate_limit_window_s?: number
    approver_available?: boolean
    live_refresh_fails?: boolean
  }): Promise<void>
  faults(spec: FaultSpec): Promise<void>
  requests(): Promise<RequestLogEntry[]>
  /** Makes one balance read off its movements by `skew` (a signed decimal; "0" clears it). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  skew(walletId: string, asset: string, network: string, skew: string): Promise<any>
  /** Moves every leg of a movement to `status`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  legStatus(transactionId: string, status: string): Promise<any[]>
  /** Raw call for tests of the console itself. */
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: unknown }>
}

export function simConsole(baseUrl: string): SimConsole {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/_console/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as unknown }
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> => {
    const res = await call(method, path, body)
    const envelope = res.body as { data?: unknown; error?: { code: string; message: string } }
    if (res.status !== 200)
      throw new ConsoleError(res.status, envelope.error?.code ?? 'unknown', envelope.error?.message ?? '')
    return envelope.data
  }
  return {
    call,
    reset: async (seed = 'demo') => void (await data('POST', 'reset', { seed })),
    workspaces: () => data('GET', 'workspaces'),
    createWorkspace: (name, options = {}) => data('POST', 'workspaces', { name, ...options }),
    registerEd25519Key: async (workspaceId, publicKeyBase64, options = {}) =>
      (
        await data('POST', 'keys', {
          workspace_id: workspaceId,
          algorithm: 'ed25519',
          public_key: publicKeyBase64,
          ...options,
        })
      ).key_id,
    createHmacKey: async (workspaceId, options = {}) => {
      const answer = await data('POST', 'keys', { workspace_id: workspaceId, algorithm: 'hmac', ...options })
      return { keyId: answer.key_id, secret: answer.secret }
    },
    revoke: async (keyId) => void (await data('POST', `keys/${encodeURIComponent(keyId)}/revoke`)),
    createWallet: (workspaceId, name, balances, unreadable) =>
      data('POST', 'wallets', {
        workspace_id: workspaceId,
        name,
        balances,
        ...(unreadable === undefined ? {} : { unreadable }),
      }),
    addTransactions: (spec) => data('POST', 'transactions', spec),
    verify: (id, verifiedAt) =>
      data(
        'POST',
        `counterparties/${encodeURIComponent(id)}/verify`,
        verifiedAt ? { verified_at: verifiedAt } : undefined,
      ),
    withdrawalAction: (id, action) => data('POST', `withdrawals/${encodeURIComponent(id)}/${action}`),
    settings: async (patch) => void (await data('POST', 'settings', patch)),
    faults: async (spec) => void (await data('POST', 'faults', spec)),
    requests: () => data('GET', 'requests'),
    skew: (id, asset, network, skew) =>
      data('POST', `wallets/${encodeURIComponent(id)}/skew`, { asset, network, skew }),
    legStatus: (id, status) => data('POST', `transactions/${encodeURIComponent(id)}/status`, { status }),
  }
}
