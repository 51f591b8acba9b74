import { randomBytes } from 'node:crypto'
import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender, type RequestSenderOptions } from '../../electron/core/api/request-sender'
import { createEd25519Signer, ed25519PublicKey, type Signer } from '../../electron/core/signing'
import type { RequestLogEntry } from '../../electron/simulator/environment'

/** Calls the simulator's unsigned console and returns its `data`. */
export async function consoleCall<T = unknown>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/_console/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as { data?: T; error?: { code: string; message: string } }
  if (!res.ok) throw new Error(`console ${method} ${path}: ${res.status} ${json.error?.code} ${json.error?.message}`)
  return json.data as T
}

export interface RegisteredKey {
  keyId: string
  secret: Uint8Array
  signer: Signer
}

/** A fresh Ed25519 key registered for a workspace (the demo one by default). */
export async function registerKey(baseUrl: string, workspaceId = 'ws-demo'): Promise<RegisteredKey> {
  const secret = new Uint8Array(randomBytes(32))
  const publicKey = Buffer.from(ed25519PublicKey(secret)).toString('base64')
  const { key_id } = await consoleCall<{ key_id: string }>(baseUrl, 'POST', 'keys', {
    workspace_id: workspaceId,
    algorithm: 'ed25519',
    public_key: publicKey,
  })
  return { keyId: key_id, secret, signer: createEd25519Signer(key_id, secret) }
}

/** A client with its own pacer (so tests do not share budgets) and short backoff. */
export function makeClient(baseUrl: string, signer: Signer, options: Partial<RequestSenderOptions> = {}): ApiClient {
  return new ApiClient(
    new RequestSender({
      baseUrl,
      signer,
      pacer: new Pacer({ limit: 1000, windowSeconds: 1 }),
      backoff: { baseMs: 5, maxMs: 20 },
      maxAttempts: 5,
      ...options,
    }),
    'interactive',
  )
}

export type ConsoleRequest = RequestLogEntry

export function requestLog(baseUrl: string): Promise<ConsoleRequest[]> {
  return consoleCall<ConsoleRequest[]>(baseUrl, 'GET', 'requests')
}

/** Signatures that appear more than once in the simulator's request log (must be 0). */
export function reusedSignatures(log: ConsoleRequest[]): number {
  const seen = new Set<string>()
  let reused = 0
  for (const r of log) {
    if (!r.signature) continue
    if (seen.has(r.signature)) reused++
    seen.add(r.signature)
  }
  return reused
}

export interface Workspace {
  workspaceId: string
  walletId: string
  key: RegisteredKey
  client: ApiClient
  /** A verified destination for payouts of USDC on ethereum-sepolia from the wallet. */
  target: { wallet_id: string; asset: string; network: string; destination: string }
}

/**
 * A workspace of its own (so tests never depend on demo data): one wallet holding USDC on
 * ethereum-sepolia, a verified destination, `history` generated movements and a registered key.
 */
export async function setupWorkspace(
  baseUrl: string,
  history = 0,
  options: Partial<RequestSenderOptions> = {},
): Promise<Workspace> {
  const ws = await consoleCall<{ id: string }>(baseUrl, 'POST', 'workspaces', {
    name: `test ${randomBytes(3).toString('hex')}`,
  })
  const wallet = await consoleCall<{ id: string }>(baseUrl, 'POST', 'wallets', {
    workspace_id: ws.id,
    name: 'Test wallet',
    balances: [
      {
        asset: 'USDC',
        network: 'ethereum-sepolia',
        amount: '1000000',
        available: '1000000',
        decimals: 6,
        usd_price: 1,
      },
    ],
  })
  if (history > 0) await consoleCall(baseUrl, 'POST', 'transactions', { wallet_id: wallet.id, generate: history })
  const key = await registerKey(baseUrl, ws.id)
  const client = makeClient(baseUrl, key.signer, options)
  const destination = '0x' + randomBytes(20).toString('hex')
  const { counterparty } = await client.createCounterparty({
    network: 'ethereum-sepolia',
    address: destination,
    counterparty_type: 'company',
    company_name: 'Test Payee',
    wallet_type: 'unhosted',
    country: 'DE',
  })
  await consoleCall(baseUrl, 'POST', `counterparties/${counterparty.id}/verify`)
  return {
    workspaceId: ws.id,
    walletId: wallet.id,
    key,
    client,
    target: { wallet_id: wallet.id, asset: 'USDC', network: 'ethereum-sepolia', destination },
  }
}
