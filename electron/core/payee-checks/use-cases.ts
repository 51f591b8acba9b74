import { sameAddress } from '../../../shared/api/address'
import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { Counterparty } from '../../../shared/api/resources'
import { plainTextProblem } from '../../../shared/text'
import { decisionEntry } from '../audit/use-cases'
import { DeskError } from '../errors'
import { payeeConfirmations, type DeskStore } from '../store'
import { refuseListed, screeningHits } from '../screening/use-cases'
import { payeeChangeNow } from './payee-change-now'
import { PayeeChangeTick } from './payee-change-tick'
import { rowLookalike } from './row-lookalike'
import { DEFAULT_PAYEE_CHANGE_WAIT_HOURS } from './payee-change'
import type { PayeeChange } from './payee-change'
import { explainPayout, type PayoutCheck } from './explain'

export { DEFAULT_PAYEE_CHANGE_WAIT_HOURS, normalisePayee, payeeName, type PayeeChange } from './payee-change'
export { payeeChangeNow } from './payee-change-now'
export { PayeeChangeTick } from './payee-change-tick'
export { rowLookalike } from './row-lookalike'

export const CONFIRM_CHANNELS = ['phone', 'video', 'in-person', 'signed-letter', 'email-verified', 'other'] as const

const field = (name: string, value: string, max: number) => {
  const v = value.trim()
  const problem =
    plainTextProblem(v) ?? (v === '' ? 'is empty' : v.length > max ? `is longer than ${max} characters` : null)
  if (problem) throw new DeskError('invalid_input', `${name} ${problem}.`)
  return v
}

/**
 * Records how a person confirmed a payee's new address with the payee (who, which channel, when, free text); audited.
 */
export function confirmPayeeChange(
  store: DeskStore,
  book: readonly Counterparty[],
  destinationId: string,
  input: { by: string; channel: string; note: string; actor: string; now?: Date; confirmedAt?: string },
): PayeeChange {
  const now = input.now ?? new Date()
  const at = input.confirmedAt === undefined ? now.getTime() : Date.parse(input.confirmedAt)
  if (!Number.isFinite(at) || at > now.getTime())
    throw new DeskError('invalid_input', 'When the payee confirmed it is a time that has passed.')
  const destination = book.find((c) => c.id === destinationId)
  if (!destination) throw new DeskError('invalid_input', `No destination ${destinationId} in the book.`)
  if (!(CONFIRM_CHANNELS as readonly string[]).includes(input.channel))
    throw new DeskError('invalid_input', `--channel is one of ${CONFIRM_CHANNELS.join(', ')}.`)
  const confirmation = {
    destinationId,
    confirmedBy: field('--by', input.by, 120),
    channel: input.channel,
    note: field('--note', input.note, 1000),
    confirmedAt: new Date(at).toISOString(),
    recordedBy: input.actor,
  }
  if (!payeeChangeNow(store, book, destination, now))
    throw new DeskError(
      'invalid_input',
      `${destination.label} is not a payee change: its payee has no other address in the book.`,
    )
  store.transaction('record the payee confirmation', () => {
    store.repo(payeeConfirmations).put(confirmation)
    store.audit.append(
      decisionEntry(now, 'destination.change_confirmed', input.actor, null, {
        destination_id: destinationId,
        by: confirmation.confirmedBy,
        channel: confirmation.channel,
        confirmed_at: confirmation.confirmedAt,
      }),
    )
  })
  return payeeChangeNow(store, book, destination, now)!
}

export function setPayeeChangeWait(store: DeskStore, hours: number): void {
  if (!Number.isFinite(hours) || hours < 0 || hours > 24 * 30)
    throw new DeskError('invalid_input', '--payee-change-wait is a number of hours from 0 to 720.')
  store.transaction('set the payee change wait', () => store.repo(payeeConfirmations).setWaitHours(hours))
}

/** Why paying `address` on `network` must not happen now (a listed address, an unsettled payee change), or null. */
export function paymentBlock(
  store: DeskStore,
  book: readonly Counterparty[] | null,
  network: string,
  address: string,
  now = new Date(),
): {
  rule: 'screening_listed' | 'payee_change'
  code: 'screening_listed' | 'payee_change_unconfirmed'
  message: string
} | null {
  const listed = listedRefusal(store, address)
  if (listed) return listed
  const destination = book?.find((c) => c.network === network && sameAddress(network, c.address, address))
  const change = destination && book ? payeeChangeNow(store, book, destination, now) : null
  return change?.blocked ? payeeChangeRefusal(change.blocked) : null
}

/** The first step of every payment check: a listed address is never paid. */
function listedRefusal(store: DeskStore, address: string) {
  const hits = screeningHits(store, address)
  return hits.length > 0
    ? ({ rule: 'screening_listed', code: 'screening_listed', message: refuseListed(address, hits).message } as const)
    : null
}

/**
 * `paymentBlock`'s message for the rows of one check (a batch file, a pay run's period), and a look-alike of another
 * known address (`rowLookalike`): the book's payee changes are found once per book, so a row costs a screening lookup,
 * a map lookup and a look-alike lookup, not a walk of the book.
 */
export function rowPaymentBlock(store: DeskStore, now = new Date()) {
  let seen: { book: readonly Counterparty[]; tick: PayeeChangeTick } | null = null
  return (network: string, address: string, book: readonly Counterparty[]): string | null => {
    const listed = listedRefusal(store, address)
    if (listed) return listed.message
    if (seen?.book !== book) seen = { book, tick: new PayeeChangeTick(book) }
    const blocked = seen.tick.blocked(store, network, address, now)
    return blocked ? payeeChangeRefusal(blocked).message : rowLookalike(store, network, address)
  }
}

/**
 * The send gate's refusal of a payee change not settled yet, `blocked` being where it stands. A reason, not a sentence
 * about the send: who tells the refusal says "Not sent" once.
 */
export const payeeChangeRefusal = (blocked: string) =>
  ({
    rule: 'payee_change',
    code: 'payee_change_unconfirmed',
    message:
      `${blocked.charAt(0).toUpperCase()}${blocked.slice(1)}. ` +
      'Record how it was confirmed (destinations confirm-change) or wait.',
  }) as const

export { explainPayout, type PayoutCheck } from './explain'

/** What the payee checks need of an open session: its store and a client that reads the destination book. */
export interface PayeeSession {
  store: DeskStore
  client: { listCounterparties(): Promise<Counterparty[]> }
}

/** Hours a known payee's new address waits before it can be paid, as set for this profile. */
export const payeeChangeWait = (store: DeskStore): number =>
  store.read('read the payee change wait', () =>
    store.repo(payeeConfirmations).waitHours(DEFAULT_PAYEE_CHANGE_WAIT_HOURS),
  )

/** A destination's payee change as it stands now, with the book read afresh; null when it is none. */
export async function payeeChangeOfDestination(
  session: PayeeSession,
  destinationId: string,
): Promise<PayeeChange | null> {
  const book = await session.client.listCounterparties()
  const destination = book.find((c) => c.id === destinationId)
  if (!destination) throw new DeskError('invalid_input', `No destination ${destinationId} in the book.`)
  return payeeChangeNow(session.store, book, destination)
}

/** `confirmPayeeChange` against the book as the provider holds it now. */
export async function confirmPayeeChangeNow(
  session: PayeeSession,
  destinationId: string,
  input: Parameters<typeof confirmPayeeChange>[3],
): Promise<PayeeChange> {
  return confirmPayeeChange(session.store, await session.client.listCounterparties(), destinationId, input)
}

/** Every check a payout would pass, against the book as the provider holds it now. */
export async function explainPayoutNow(session: PayeeSession, body: CreateWithdrawal): Promise<PayoutCheck[]> {
  return explainPayout(session.store, await session.client.listCounterparties(), body)
}
