import { randomBytes, randomUUID } from 'node:crypto'
import { findNetwork } from '../../../shared/api'
import { counterpartyView } from '../api/counterparties'
import { walletView } from '../api/wallets'
import { withdrawalView } from '../api/withdrawals'
import { makeAddress } from '../chain-formats'
import { DEFAULT_ORGANISATION_ID, demoData, USD_PRICE } from '../data/demo-seed'
import { applyAction, CONSOLE_ACTIONS, type ConsoleAction } from '../data/withdrawal-lifecycle'
import type { Environment } from '../environment'
import { HttpError } from '../http-error'
import { osRandom } from '../random-source'
import { emptyData, type KeyRecord, type WalletRecord } from '../types'
import {
  FaultSchema,
  KeySchema,
  ResetSchema,
  SettingsSchema,
  VerifySchema,
  WalletSchema,
  WorkspaceSchema,
} from './console-schemas'
import { setBalanceSkew } from './balance-skew'
import { addTransactions } from './console-transactions'
import { setLegStatus } from './leg-status'
import { parseConsoleBody } from './parse-console-body'
import { alterWithdrawal } from './withdrawal-alter'

const notFound = (what: string) => new HttpError(404, 'not_found', `No such ${what}.`)

/** The console of docs/simulator.md: unsigned, loopback only, JSON in, the `data` value out. */
export function routeConsole(env: Environment, method: string, pathname: string, body: Buffer, now: number): unknown {
  const parts = pathname.split('/').slice(2)
  const route = `${method} ${parts.map((p, i) => (i === 1 && parts.length > 2 ? ':id' : p)).join('/')}`
  const id = parts[1] ?? ''
  switch (route) {
    case 'POST reset': {
      const { seed } = parseConsoleBody(body, ResetSchema)
      env.replace(seed === 'empty' ? emptyData() : demoData(env.name, now))
      return { seed: seed ?? 'demo' }
    }
    case 'GET workspaces':
      return env.data.workspaces.map((w) => ({
        id: w.id,
        name: w.name,
        organisation_id: w.organisation_id,
        parent_id: w.parent_id,
      }))
    case 'POST workspaces':
      return createWorkspace(env, body)
    case 'POST keys':
      return createKey(env, body)
    case 'POST keys/:id/revoke': {
      const key = env.data.keys.find((k) => k.key_id === id)
      if (!key) throw notFound('key')
      key.revoked = true
      env.changed()
      return { key_id: key.key_id, revoked: true }
    }
    case 'POST wallets':
      return createWallet(env, body)
    case 'GET transactions':
      return env.data.legs.map(({ at: _a, ...leg }) => leg)
    case 'POST transactions':
      return addTransactions(env, body, now).map(({ workspace_id: _w, at: _a, ...leg }) => leg)
    case 'GET counterparties':
      return env.data.counterparties.map((c) => ({ ...counterpartyView(c), workspace_id: c.workspace_id }))
    case 'POST counterparties/:id/verify': {
      const c = env.data.counterparties.find((x) => x.id === id)
      if (!c) throw notFound('destination')
      const { verified_at } = parseConsoleBody(body, VerifySchema)
      if (!c.can_send || verified_at)
        Object.assign(c, {
          status: 'verified',
          can_send: true,
          verified_at: new Date(verified_at ?? now).toISOString(),
        })
      env.changed()
      return counterpartyView(c)
    }
    case 'GET withdrawals':
      return env.data.withdrawals.map((w) => ({
        ...withdrawalView(w),
        workspace_id: w.workspace_id,
        idempotency_key: w.idempotency_key,
      }))
    case 'GET settings':
      return env.data.settings
    case 'POST settings': {
      const patch = parseConsoleBody(body, SettingsSchema)
      env.data.settings = { ...env.data.settings, ...patch }
      env.changed()
      return env.data.settings
    }
    case 'POST faults': {
      const f = parseConsoleBody(body, FaultSchema)
      const fault = {
        method: f.method ?? null,
        path_prefix: f.path_prefix ?? '/api/v1/',
        mode: f.mode,
        status: f.status ?? null,
        retry_after: f.retry_after ?? null,
        times: f.times ?? 1,
      }
      env.faults.push(fault)
      return fault
    }
    case 'GET faults':
      return env.faults
    case 'GET requests':
      return env.requestLog
    default:
      if (method === 'POST' && parts.length === 3 && parts[0] === 'withdrawals' && parts[2] === 'alter')
        return alterWithdrawal(env, id, body, now)
      if (method === 'POST' && parts.length === 3 && parts[0] === 'withdrawals')
        return withdrawalAction(env, id, parts[2]!, now)
      if (method === 'POST' && parts.length === 3 && parts[0] === 'transactions' && parts[2] === 'status')
        return setLegStatus(env, id, body)
      if (method === 'POST' && parts.length === 3 && parts[0] === 'wallets' && parts[2] === 'skew')
        return setBalanceSkew(env, id, body)
      throw notFound('console endpoint')
  }
}

function createWorkspace(env: Environment, body: Buffer) {
  const spec = parseConsoleBody(body, WorkspaceSchema)
  const parent = spec.parent_id === undefined ? undefined : env.data.workspaces.find((w) => w.id === spec.parent_id)
  if (spec.parent_id !== undefined && !parent) throw notFound('parent workspace')
  const organisation_id = spec.organisation_id ?? parent?.organisation_id ?? DEFAULT_ORGANISATION_ID
  const workspace = {
    id: `ws-${randomBytes(6).toString('hex')}`,
    name: spec.name,
    organisation_id,
    parent_id: spec.parent_id ?? null,
  }
  env.data.workspaces.push(workspace)
  env.changed()
  return { id: workspace.id, organisation_id }
}

function createKey(env: Environment, body: Buffer) {
  const spec = parseConsoleBody(body, KeySchema)
  if (!env.data.workspaces.some((w) => w.id === spec.workspace_id)) throw notFound('workspace')
  const key: KeyRecord = {
    key_id: randomBytes(12).toString('hex'),
    workspace_id: spec.workspace_id,
    algorithm: spec.algorithm,
    public_key: spec.algorithm === 'ed25519' ? spec.public_key! : null,
    // Hex-looking on purpose: a client that hex-decodes the secret instead of using its UTF-8 bytes signs wrongly.
    secret: spec.algorithm === 'hmac' ? randomBytes(32).toString('hex') : null,
    expires_at: spec.expires_at ?? null,
    ip_allowlist: spec.ip_allowlist ?? null,
    revoked: false,
  }
  env.data.keys.push(key)
  env.changed()
  return key.algorithm === 'hmac' ? { key_id: key.key_id, secret: key.secret } : { key_id: key.key_id }
}

function createWallet(env: Environment, body: Buffer) {
  const spec = parseConsoleBody(body, WalletSchema)
  if (!env.data.workspaces.some((w) => w.id === spec.workspace_id)) throw notFound('workspace')
  const seen = new Set<string>()
  for (const b of spec.balances) {
    const pair = `${b.asset}@${b.network}`
    if (seen.has(pair)) throw new HttpError(400, 'validation_failed', `balances: ${pair} is listed twice.`)
    seen.add(pair)
  }
  const networks = [...new Set(spec.balances.map((b) => b.network))]
  const wallet: WalletRecord = {
    id: `wal-${randomUUID()}`,
    workspace_id: spec.workspace_id,
    name: spec.name,
    deposit_addresses: networks
      .filter((n) => findNetwork(n))
      .map((network) => ({ network, address: makeAddress(network, osRandom) })),
    balances: spec.balances.map((b) => ({
      asset: b.asset,
      network: b.network,
      opening_amount: b.amount,
      opening_available: b.available,
      decimals: b.decimals,
      usd_price: b.usd_price ?? USD_PRICE[b.asset] ?? 0,
    })),
    unreadable: spec.unreadable ?? false,
  }
  env.data.wallets.push(wallet)
  env.changed()
  return walletView(env, wallet)
}

function withdrawalAction(env: Environment, id: string, action: string, now: number) {
  if (!(action in CONSOLE_ACTIONS)) throw notFound('withdrawal action')
  const w = env.data.withdrawals.find((x) => x.id === id)
  if (!w) throw notFound('withdrawal')
  if (!applyAction(env, w, action as ConsoleAction, now)) {
    throw new HttpError(409, 'invalid_transition', `Cannot ${action} a withdrawal that is ${w.status}.`)
  }
  return withdrawalView(w)
}
