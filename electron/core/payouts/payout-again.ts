import Big from 'big.js'
import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { Withdrawal, WithdrawalStatus } from '../../../shared/api/resources'
import type { OutboxEntryReply } from '../../../shared/ipc/channels/payouts'
import { canRequestAgain } from '../../../shared/payouts/request-again'
import type { PayoutHit } from '../../../shared/payouts/payout-search'
import { decisionEntry } from '../audit/use-cases'
import { DeskError } from '../errors'
import type { DeskStore } from '../store'
import { payoutAgainRepo, type AgainLink } from '../store/payouts/payout-again-repo'
import { payoutResultView } from './outbox-view'
import { findPayout } from './payout-notes'
import { checkWithProvider } from './preflight'
import { confirmProductionAmount } from './production-confirmation'
import type { OutboxEntry } from './outbox'
import type { PayoutRequests } from './payout-requests'
import { noteProviderLists } from '../destinations/use-cases'
import type { ApiClient } from '../api/api-client'
import type { Profile } from '../profiles'

/** What requesting again needs of an open profile's signing session (the payouts use cases' session). */
interface AgainSession {
  profile: Pick<Profile, 'environment'>
  client: ApiClient
  store: DeskStore
  payouts: PayoutRequests
}

export interface AgainAnswer {
  entry: OutboxEntryReply
  withdrawal: Withdrawal | null
  /** The payout it repeats: its Idempotency-Key, payout id and final status. */
  from: { idempotencyKey: string; payoutId: string; status: WithdrawalStatus }
}

const againRepo = (store: DeskStore) => store.repo(payoutAgainRepo)

/** The newer request of a payout (by its Idempotency-Key), if a person requested it again. */
export function requestedAgain(store: DeskStore, key: string): AgainLink | null {
  return store.read('read the payouts requested again', () => againRepo(store).newerOf(key))
}

/** The newer requests of these keys (a batch's or a pay-run period's rows), by old key. */
export function requestedAgainOf(store: DeskStore, keys: readonly string[]): Map<string, AgainLink> {
  return store.read('read the payouts requested again', () => againRepo(store).newerOfMany(keys))
}

function refusedAlready(link: AgainLink): DeskError {
  return new DeskError(
    'already_requested_again',
    `This payout was requested again already, on ${link.at} by ${link.actor}: the newer one has the ` +
      `Idempotency-Key ${link.newKey}. Follow that one (or request it again if it ends too).`,
  )
}

/** The desk's own entry of a payout named by payout id or Idempotency-Key: only one the desk recorded has a body. */
function ownEntry(session: Pick<AgainSession, 'store' | 'payouts'>, ref: string): OutboxEntry {
  const hit = findPayout(session.store, ref.trim())
  if (hit.idempotencyKey === null)
    throw new DeskError(
      'not_requestable_again',
      `Payout ${hit.payoutId ?? ref} was not requested from this desk; request a new payout from the Payouts screen.`,
    )
  return session.payouts.outbox.get(hit.idempotencyKey)
}

/** The fields a page shows of a payout: what the person confirmed is what the new payout sends. */
const sameShown = (shown: CreateWithdrawal, body: CreateWithdrawal) =>
  shown.wallet_id === body.wallet_id &&
  shown.asset === body.asset &&
  new Big(shown.amount).eq(body.amount) &&
  shown.destination === body.destination &&
  (shown.network ?? null) === (body.network ?? null)

/**
 * What a surface shows before asking the person: the payout with its status as the provider has it now, refused at
 * once when it was requested again already or is not expired, rejected or failed. The act reads the status again.
 */
export async function againPreview(
  session: Pick<AgainSession, 'store' | 'payouts' | 'client'>,
  ref: string,
): Promise<PayoutHit> {
  const entry = ownEntry(session, ref)
  const earlier = requestedAgain(session.store, entry.idempotencyKey)
  if (earlier) throw refusedAlready(earlier)
  await finalAtProvider(session, entry)
  return findPayout(session.store, entry.idempotencyKey)
}

/**
 * The payout as the provider has it now (never the stored copy: its truth is `GET /withdrawals/{id}`), which must be
 * expired, rejected or failed.
 */
async function finalAtProvider(session: Pick<AgainSession, 'client' | 'store'>, entry: OutboxEntry) {
  if (entry.withdrawalId === null)
    throw new DeskError(
      'not_requestable_again',
      `This payout is ${entry.state} in the outbox: the provider never recorded it, so there is nothing to request ` +
        `again (send or discard it from the outbox).`,
    )
  const { withdrawal } = await session.client.getWithdrawal(entry.withdrawalId)
  session.store.transaction('keep the payout read', () => session.store.withdrawals.put(withdrawal))
  if (!canRequestAgain(withdrawal.status))
    throw new DeskError(
      'not_requestable_again',
      `Payout ${withdrawal.id} is ${withdrawal.status} at the provider; only an expired, rejected or failed payout ` +
        `is requested again.`,
    )
  return withdrawal
}

/**
 * A person requests an expired, rejected or failed payout again: a new payout (new Idempotency-Key) with the old one's
 * body and reference, checked with the provider (funds, destination) and decided by the send gate as `again` (every
 * rule of a new payout, and the look-alike rule of a row nobody reviewed). The link to the old one is written in the
 * transaction that records the new entry; the old key's link refuses a second request again from any process.
 */
export async function requestAgain(
  session: AgainSession,
  input: { ref: string; retypedAmount?: string | null; asShown?: CreateWithdrawal },
  requestedBy: string,
): Promise<AgainAnswer> {
  const old = ownEntry(session, input.ref)
  const earlier = requestedAgain(session.store, old.idempotencyKey)
  if (earlier) throw refusedAlready(earlier)
  if (input.asShown && !sameShown(input.asShown, old.body))
    throw new DeskError(
      'invalid_input',
      'The payout shown is not the one recorded under this id; nothing was requested. Open it again and retry.',
    )
  const withdrawal = await finalAtProvider(session, old)
  confirmProductionAmount(session.profile, old.body.amount, input.retypedAmount)
  const checked = await checkWithProvider(session.client, old.body)
  noteProviderLists(session.store, [checked.destination], [])
  // The audit row is the link (payout-again-repo reads it back); written in the transaction that records the entry.
  const link = (key: string) => {
    const raced = againRepo(session.store).newerOf(old.idempotencyKey)
    if (raced) throw refusedAlready(raced)
    session.store.audit.append(
      decisionEntry(session.payouts.outbox.now(), 'payout.requested_again', requestedBy, key, {
        from_key: old.idempotencyKey,
        from_payout: withdrawal.id,
        from_status: withdrawal.status,
      }),
    )
  }
  const answer = payoutResultView(
    await session.payouts.request(old.body, {
      requestedBy,
      ...(old.reference ? { reference: old.reference } : {}),
      checked,
      retypedAmount: input.retypedAmount ?? null,
      how: 'again',
      alongside: link,
    }),
  )
  return { ...answer, from: { idempotencyKey: old.idempotencyKey, payoutId: withdrawal.id, status: withdrawal.status } }
}
