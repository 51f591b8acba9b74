import Big from 'big.js'
import { CounterpartySchema, envelope, type Counterparty } from '../../shared/api/resources'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { registerKey } from './api-fixture'
import type { Desk } from '../../electron/core/desk'
import { consolePost } from './e2e-fixtures'

/** The address the end-to-end flows pay (an EIP-55 address valid on every EVM test network). */
export const SUPPLIER_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

/** The company destination most flows pay, registered through the core (pending until verified). */
export async function createSupplier(
  desk: Desk,
  options: { network?: string; label?: string } = {},
): Promise<Counterparty> {
  const { counterparty } = await desk.router.call('counterparties.create', {
    network: options.network ?? 'ethereum-sepolia',
    address: SUPPLIER_ADDRESS,
    counterparty_type: 'company',
    company_name: 'Supplier GmbH',
    wallet_type: 'vasp',
    vasp_name: 'Example Custody',
    country: 'DE',
    label: options.label ?? 'Supplier',
  })
  return counterparty
}

/** The same destination, verified in the provider's console so it can be paid. */
export async function verifiedSupplier(
  desk: Desk,
  consoleUrl: string,
  options: { network?: string; label?: string } = {},
): Promise<Counterparty> {
  const counterparty = await createSupplier(desk, options)
  await consolePost(consoleUrl, `/counterparties/${counterparty.id}/verify`)
  return counterparty
}

/** A payout the demo workspace can make: a verified destination and a wallet holding an asset on its network. */
export async function payableBody(desk: Desk, amount: string) {
  const [book, wallets] = await Promise.all([
    desk.router.call('counterparties.list', {}),
    desk.router.call('wallets.list', {}),
  ])
  for (const d of book.filter((c) => c.can_send)) {
    for (const w of wallets) {
      const b = w.balances.find((x) => x.network === d.network && new Big(x.available).gt(amount))
      if (b) return { wallet_id: w.id, asset: b.asset, amount, destination: d.address, network: d.network }
    }
  }
  throw new Error('the demo workspace has no payable destination')
}

/**
 * A destination recorded at the provider by another client of the demo workspace (an older app, another tool): the
 * provider keeps any label, so the desk's own entry rule never saw this one. Sent signed, under a key of its own.
 */
export async function recordedElsewhere(
  baseUrl: string,
  fields: { label: string; company?: string; address?: string; network?: string },
): Promise<Counterparty> {
  const key = await registerKey(baseUrl)
  const sender = new RequestSender({
    baseUrl,
    signer: key.signer,
    pacer: new Pacer({ limit: 100, windowSeconds: 1 }),
    backoff: { baseMs: 5, maxMs: 20 },
    maxAttempts: 3,
  })
  const body = {
    network: fields.network ?? 'ethereum-sepolia',
    address: fields.address ?? SUPPLIER_ADDRESS,
    counterparty_type: 'company' as const,
    company_name: fields.company ?? 'Maria K Contracting',
    wallet_type: 'unhosted' as const,
    country: 'DE',
    label: fields.label,
  }
  const res = await sender.send({
    method: 'POST',
    path: '/api/v1/counterparties',
    body,
    kind: 'counterparty',
    schema: envelope(CounterpartySchema),
    priority: 'interactive',
  })
  return res.body.data
}
