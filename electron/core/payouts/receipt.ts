import { explorerTxUrl } from '../../../shared/api/explorers'
import { sameAddress } from '../../../shared/address/lookalike'
import { findNetwork } from '../../../shared/api/networks'
import type { Counterparty } from '../../../shared/api/resources'
import type { PayoutHit } from '../../../shared/payouts/payout-search'
import type { Receipt } from '../../../shared/payouts/receipt'
import type { ApiClient } from '../api/api-client'
import { DeskError } from '../errors'
import type { DeskStore } from '../store'
import { payoutInvoices } from '../store/pay-runs/payout-invoices'
import { findPayout } from './payout-notes'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function known(store: DeskStore, ref: string): PayoutHit | null {
  try {
    return findPayout(store, ref)
  } catch (err) {
    if (err instanceof DeskError && err.code === 'invalid_input') return null
    throw err
  }
}

/** Where the receipt is made and the names the provider gives now; names left out come from the store's copy. */
export interface ReceiptContext {
  environment: Receipt['environment']
  destinationName?: string | null
  walletName?: string | null
}

/**
 * The receipt of a completed payout. A payout the store does not yet know as completed is read again from the
 * provider first (the cached answer may be behind); the destination book and the wallets are read for the names
 * (a CLI profile may never have read them); the rest of the receipt is built only from the store.
 */
export async function payoutReceipt(
  store: DeskStore,
  client: ApiClient,
  ref: string,
  environment: Receipt['environment'],
  now = new Date(),
): Promise<Receipt> {
  const hit = known(store, ref)
  const payoutId = hit ? hit.payoutId : UUID.test(ref) ? ref : null
  if (payoutId && hit?.status !== 'completed') {
    const { withdrawal } = await client.getWithdrawal(payoutId)
    store.transaction('keep the payout status', () => store.withdrawals.put(withdrawal))
  }
  const receipt = buildReceipt(store, ref, { environment }, now)
  return { ...receipt, ...(await providerNames(client, receipt)) }
}

/** The book's label of the destination and the paying wallet's name, as the provider gives them now; best effort. */
async function providerNames(client: ApiClient, r: Receipt): Promise<Pick<Receipt, 'destinationName' | 'walletName'>> {
  const [book, wallets] = await Promise.all([
    client.listCounterparties().catch(() => null),
    client.listWallets().catch(() => null),
  ])
  const entry = book?.find((c) => c.network === r.network && sameAddress(r.network, c.address, r.address))
  const wallet = wallets?.find((w) => w.id === r.walletId)
  return {
    destinationName: (entry ? partyName(entry) : null) ?? r.destinationName,
    walletName: wallet?.name || r.walletName,
  }
}

/** The book's label, else the name of the person, company or service it holds. */
function partyName(c: Counterparty): string | null {
  const person = [c.first_name, c.last_name].filter((n) => n).join(' ')
  return c.label || c.company_name || person || c.vasp_name || null
}

/** What the store knows of a completed payout, as a receipt; refused, naming the status, for any other payout. */
export function buildReceipt(store: DeskStore, ref: string, context: ReceiptContext, now = new Date()): Receipt {
  const hit = findPayout(store, ref)
  if (hit.status !== 'completed' || !hit.payoutId || !hit.txHash || !hit.network) {
    throw new DeskError(
      'invalid_input',
      `This payout is ${hit.status.replaceAll('_', ' ')}: a receipt is made only for a completed payout.`,
    )
  }
  const cached = store.read('read the payout', () => store.withdrawals.get(hit.payoutId!))
  const key = hit.idempotencyKey
  // The provider's copy names the wallet; the entry's body only when there is no copy (a damaged entry is not read).
  const walletId =
    cached?.withdrawal.wallet_id ??
    (key ? store.read('read the outbox', () => store.outbox.get(key))?.body.wallet_id : null) ??
    null
  return {
    payoutId: hit.payoutId,
    idempotencyKey: key,
    amount: hit.amount,
    asset: hit.asset,
    network: hit.network,
    networkName: findNetwork(hit.network)?.name ?? hit.network,
    destinationName: context.destinationName ?? hit.destinationName,
    address: hit.address,
    walletId,
    walletName: context.walletName ?? null,
    environment: context.environment,
    txHash: hit.txHash,
    explorerUrl: explorerTxUrl(hit.network, hit.txHash),
    reference: hit.reference,
    requestedBy: hit.requestedBy,
    requestedAt: hit.createdAt,
    acceptedAt: key ? store.read('read the outbox', () => store.outbox.firstReached(key, 'accepted')) : null,
    completedAt: cached?.withdrawal.updated_at ?? hit.createdAt,
    audit: key ? store.read('read the audit log', () => store.audit.latestFor(key)) : null,
    invoices: payoutInvoices(store, key, hit).map(({ number, amount, dueDate, sha256, amountNote }) => ({
      number,
      amount,
      dueDate,
      sha256,
      amountNote,
    })),
    generatedAt: now.toISOString(),
  }
}
