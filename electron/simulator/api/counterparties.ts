import { randomUUID } from 'node:crypto'
import { ApiCreateCounterpartySchema, findNetwork, isValidAddress, type Counterparty } from '../../../shared/api'
import { COUNTRY_CODES } from '../countries'
import { badRequest } from '../http-error'
import type { CounterpartyRecord } from '../types'
import type { ApiContext, ApiResult } from './context'
import { parseBody, parseQuery, requireNoBody } from './request-parsing'

export function counterpartyView(c: CounterpartyRecord): Counterparty {
  const { workspace_id: _w, ...view } = c
  return view
}

/** EVM addresses are case-insensitive; other formats are compared exactly. */
export function sameAddress(network: string, a: string, b: string): boolean {
  return findNetwork(network)?.format === 'evm' ? a.toLowerCase() === b.toLowerCase() : a === b
}

export function listCounterparties(ctx: ApiContext): ApiResult {
  parseQuery(ctx.query, [])
  requireNoBody(ctx.body)
  const rows = ctx.env.data.counterparties.filter((c) => c.workspace_id === ctx.workspaceId)
  return { status: 200, body: { data: rows.map(counterpartyView), meta: { count: rows.length } } }
}

/** Registers a pending destination; re-posting a registered address returns it unchanged (200, already_exists). */
export function createCounterparty(ctx: ApiContext): ApiResult {
  parseQuery(ctx.query, [])
  const body = parseBody(ctx.body, ApiCreateCounterpartySchema)
  const network = findNetwork(body.network)
  if (!network) throw badRequest(`network: unknown network ${body.network}.`)
  if (!isValidAddress(body.network, body.address)) throw badRequest(`address: not a valid ${network.name} address.`)
  if (!COUNTRY_CODES.has(body.country)) throw badRequest('country: not a supported ISO 3166-1 alpha-2 code.')
  const existing = ctx.env.data.counterparties.find(
    (c) =>
      c.workspace_id === ctx.workspaceId &&
      c.network === body.network &&
      sameAddress(body.network, c.address, body.address),
  )
  if (existing) return { status: 200, body: { data: counterpartyView(existing), meta: { already_exists: true } } }
  const record: CounterpartyRecord = {
    id: randomUUID(),
    label: body.label ?? body.company_name ?? `${body.first_name ?? ''} ${body.last_name ?? ''}`.trim(),
    network: network.id,
    network_name: network.name,
    address: body.address,
    direction: body.direction ?? 'send',
    status: 'pending',
    can_send: false,
    verified_at: null,
    counterparty_type: body.counterparty_type,
    ...(body.counterparty_type === 'individual'
      ? { first_name: body.first_name, last_name: body.last_name }
      : { company_name: body.company_name }),
    wallet_type: body.wallet_type,
    ...(body.wallet_type === 'vasp' ? { vasp_name: body.vasp_name } : {}),
    country: body.country,
    created_at: new Date(ctx.now).toISOString(),
    workspace_id: ctx.workspaceId,
  }
  ctx.env.data.counterparties.push(record)
  ctx.env.changed()
  return { status: 201, body: { data: counterpartyView(record), meta: {} } }
}
