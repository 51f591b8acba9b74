import { explorerTxUrl } from '../../../shared/api/explorers'
import { findNetwork } from '../../../shared/api/networks'
import type { PayoutHit } from '../../../shared/payouts/payout-search'
import type { Receipt } from '../../../shared/payouts/receipt'
import type { ApiClient } from '../api/api-client'
import { DeskError } from '../errors'
import type { DeskStore } from '../store'
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

/**
 * The receipt of a completed payout. A payout the store does not yet know as completed is read again from the
 * provider first (the cached answer may be behind); the receipt itself is built only from the store.
 */
export async function payoutReceipt(store: DeskStore, client: ApiClient, ref: string, now = new Date()): Promise<Receipt> {
  const hit = known(store, ref)
  const payoutId = hit ? hit.payoutId : UUID.test(ref) ? ref : null
  if (payoutId && hit?.status !== 'completed') {
    const { withdrawal } = await client.getWithdrawal(payoutId)
    store.transaction('keep the payout status', () => store.withdrawals.put(withdrawal))
  }
  return buildReceipt(store, ref, now)
}

/** What the store knows of a completed payout, as a receipt; refused, naming the status, for any other payout. */
export function buildReceipt(store: DeskStore, ref: string, now = new Date()): Receipt {
  const hit = findPayout(store, ref)
  if (hit.status !== 'completed' || !hit.payoutId || !hit.txHash || !hit.network) {
    throw new DeskError('invalid_input', `This payout is ${hit.status.replaceAll('_', ' ')}: a receipt is made only for a completed payout.`)
  }
  const cached = store.read('read the payout', () => store.withdrawals.get(hit.payoutId!))
  const key = hit.idempotencyKey
  return {
    payoutId: hit.payoutId,
    idempotencyKey: key,
    amount: hit.amount,
    asset: hit.asset,
    network: hit.network,
    networkName: findNetwork(hit.network)?.name ?? hit.network,
    destinationName: hit.destinationName,
    address: hit.address,
    txHash: hit.txHash,
    explorerUrl: explorerTxUrl(hit.network, hit.txHash),
    reference: hit.reference,
    requestedBy: hit.requestedBy,
    requestedAt: hit.createdAt,
    acceptedAt: key ? store.read('read the outbox', () => store.outbox.firstReached(key, 'accepted')) : null,
    completedAt: cached?.withdrawal.updated_at ?? hit.createdAt,
    audit: key ? store.read('read the audit log', () => store.audit.latestFor(key)) : null,
    generatedAt: now.toISOString(),
  }
}
