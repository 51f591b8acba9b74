import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { Withdrawal } from '../../../shared/api/resources'
import type { DamagedOutboxRow, OutboxEntryReply } from '../../../shared/ipc/channels/payouts'
import type { PayoutHit, PayoutSearchQuery } from '../../../shared/payouts/payout-search'
import type { Receipt } from '../../../shared/payouts/receipt'
import type { ApiClient } from '../api/api-client'
import { DeskError } from '../errors'
import { noteProviderLists } from '../destinations/use-cases'
import type { Profile } from '../profiles'
import { DAMAGED_ROW_ADVICE, type DeskStore } from '../store'
import { firstPayoutTo } from './first-payout'
import { outboxEntryView, payoutResultView } from './outbox-view'
import { searchPayouts, setPayoutNote } from './payout-notes'
import type { PayoutRequests } from './payout-requests'
import { checkWithProvider, type CheckedPayout } from './preflight'
import { confirmProductionAmount } from './production-confirmation'
import { requestAgain } from './payout-again'
import { payoutReceipt } from './receipt'
import { TestPayouts } from './test-payouts'

/** What a payout use case needs of an open profile's signing session. */
export interface PayoutSession {
  profile: Pick<Profile, 'environment'>
  client: ApiClient
  store: DeskStore
  payouts: PayoutRequests
}

export interface PayoutAnswer {
  entry: OutboxEntryReply
  withdrawal: Withdrawal | null
}

/**
 * Checks a payout against the provider's wallets and book before any entry exists (`code`: what an agent reads as the
 * provider's refusal), and notes the destination's name so the payout is found by it, whichever surface asked.
 */
export async function checkedForProvider(
  session: Pick<PayoutSession, 'client' | 'store'>,
  body: CreateWithdrawal,
  code?: 'invalid_input' | 'validation_failed',
): Promise<CheckedPayout> {
  const checked = await checkWithProvider(session.client, body, code)
  noteProviderLists(session.store, [checked.destination], [])
  return checked
}

/** A person's payout: the production amount typed again, checked with the provider, then recorded and sent. */
export async function requestPayout(
  session: PayoutSession,
  { reference, retypedAmount, ...body }: CreateWithdrawal & { reference?: string; retypedAmount?: string | null },
  requestedBy: string,
): Promise<PayoutAnswer> {
  confirmProductionAmount(session.profile, body.amount, retypedAmount)
  const checked = await checkedForProvider(session, body)
  return payoutResultView(
    await session.payouts.request(body, {
      requestedBy,
      reference,
      checked,
      retypedAmount: retypedAmount ?? null,
    }),
  )
}

/** The outbox newest first, and apart the rows that are damaged (held, never sent), so one bad row hides no other. */
export function readOutbox(store: DeskStore): { entries: OutboxEntryReply[]; damaged: DamagedOutboxRow[] } {
  const { entries, corrupt } = store.read('read the outbox', () => store.outbox.list())
  return {
    entries: entries.map(outboxEntryView),
    damaged: corrupt.map((p) => ({ idempotencyKey: p.key, problem: p.problem, advice: DAMAGED_ROW_ADVICE })),
  }
}

export const checkAgain = async (session: Pick<PayoutSession, 'payouts'>, key: string) =>
  outboxEntryView(await session.payouts.checkAgain(key))
/** A person sends an unknown or refused entry again; the send gate decides it as at any other send. */
export const resend = async (session: Pick<PayoutSession, 'payouts'>, key: string, actor?: string) =>
  outboxEntryView((await session.payouts.resend(key, actor ? { actor } : {})).entry)
/** Drops an unsent payout; a waiting batch row is cancelled with its batch, on every surface. */
export async function discard(session: Pick<PayoutSession, 'payouts'>, key: string): Promise<OutboxEntryReply> {
  const entry = session.payouts.outbox.get(key)
  if (entry.state === 'queued' && entry.batchId !== null) {
    throw new DeskError('invalid_input', `This payout is a row of batch ${entry.batchId}; cancel the batch to drop it.`)
  }
  return outboxEntryView(await session.payouts.discard(key))
}

export const findPayouts = (store: DeskStore, query: PayoutSearchQuery): PayoutHit[] => searchPayouts(store, query)
export const notePayout = (store: DeskStore, ref: string, note: string, by: string): PayoutHit =>
  setPayoutNote(store, ref, note, by)
/** The receipt of a completed payout, its status read again from the provider first. */
export const receiptOf = (
  session: Pick<PayoutSession, 'client' | 'store' | 'profile'>,
  ref: string,
): Promise<Receipt> => payoutReceipt(session.store, session.client, ref, session.profile.environment)

export const isFirstPayoutTo = (session: Pick<PayoutSession, 'client' | 'store'>, network: string, address: string) =>
  firstPayoutTo(session.store, session.client, network, address)

/** A test payout: the full payout checked as the form would send it (the test is a part of it), then the test sent. */
export async function requestTestPayout(
  session: PayoutSession,
  input: { body: CreateWithdrawal; testAmount: string; reference?: string | undefined; retypedAmount?: string | null },
  requestedBy: string,
): Promise<PayoutAnswer> {
  confirmProductionAmount(session.profile, input.testAmount.trim(), input.retypedAmount)
  await checkedForProvider(session, input.body)
  const tests = new TestPayouts(session.store, session.payouts)
  return payoutResultView(
    await tests.request(input.body, input.testAmount, requestedBy, input.reference, input.retypedAmount ?? null),
  )
}

/** The rest of a completed test payout, checked again with the provider. */
export async function requestRestOfTest(
  session: PayoutSession,
  input: { testKey: string; retypedAmount?: string | null },
  requestedBy: string,
): Promise<PayoutAnswer> {
  const tests = new TestPayouts(session.store, session.payouts)
  const rest = tests.restOf(input.testKey)
  confirmProductionAmount(session.profile, rest.amount, input.retypedAmount)
  const checked = await checkedForProvider(session, rest)
  return payoutResultView(
    await tests.requestRest(input.testKey, requestedBy, { checked, retypedAmount: input.retypedAmount ?? null }),
  )
}

export const testPayouts = (session: Pick<PayoutSession, 'store' | 'payouts'>) =>
  new TestPayouts(session.store, session.payouts).list()
export const dismissTest = (session: Pick<PayoutSession, 'store' | 'payouts'>, testKey: string) =>
  new TestPayouts(session.store, session.payouts).dismiss(testKey)

/** The app's "Request again" (a write the desk lock guards as any new payout): the old payout as the page showed it. */
export async function requestAgainAsShown(
  session: PayoutSession,
  againOf: string,
  { retypedAmount, ...shown }: CreateWithdrawal & { reference?: string; retypedAmount?: string | null },
  requestedBy: string,
): Promise<PayoutAnswer> {
  const { entry, withdrawal } = await requestAgain(
    session,
    { ref: againOf, retypedAmount, asShown: shown },
    requestedBy,
  )
  return { entry, withdrawal }
}

export type { OutboxEntry } from './outbox'
export type { PayoutRequests, PayoutResult } from './payout-requests'
export type { Notify } from './poller'
export type { CheckedPayout } from './preflight'
export {
  AGENT_REQUESTER,
  refuse,
  SendGate,
  SendRefused,
  type AgentSendRule,
  type GateVerdict,
  type SendAsk,
} from './send-gate'
export { Outbox } from './outbox'
export { outboxEntryView, payoutResultView } from './outbox-view'
export { FollowBudget } from './follow-budget'
export { firstPayoutsAmong, isFirstPayout, refreshPayoutsTo } from './first-payout'

export { cancelListedPayouts, type ListedPayoutCancel } from './listed-payouts'
/** An expired, rejected or failed payout requested again by a person: a new payout through the send gate, linked. */
export { againPreview, requestAgain, requestedAgain, requestedAgainOf, type AgainAnswer } from './payout-again'

/** The provider's payouts: list, read and cancel, each answer kept in the store. */
export { cancelPayout, listPayouts, readPayout, type ProviderPayoutSession } from './provider-payouts'
