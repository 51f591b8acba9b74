import { sameAddress } from '../../../shared/api/address'
import type { Counterparty } from '../../../shared/api/resources'
import type { PayeeConfirmation } from '../store'
import { nameSkeleton } from './name-skeleton'

export const DEFAULT_PAYEE_CHANGE_WAIT_HOURS = 24

/** The payee a destination pays: its company, or its person's first and last name. */
export function payeeName(c: Pick<Counterparty, 'company_name' | 'first_name' | 'last_name'>): string | null {
  const name =
    c.company_name?.trim() ||
    [c.first_name, c.last_name]
      .filter((p) => p?.trim())
      .join(' ')
      .trim()
  return name || null
}

/**
 * Two spellings of one payee are one payee: width, letter case, accents' composition, punctuation and spacing aside,
 * and letters of another script that look the same (the names' confusable skeletons are compared).
 */
export const normalisePayee = (name: string): string => nameSkeleton(name)

/** A known payee's new address and where its change stands. */
export interface PayeeChange {
  payee: string
  destinationId: string
  addedAt: string
  /** When the waiting period ends. */
  waitUntil: string
  confirmation: PayeeConfirmation | null
  /** A payout to it has completed (a test payout, say): the payee has shown it receives there. */
  paidBefore: boolean
  /** Null when it may be paid; else why not, in the words every surface shows. */
  blocked: string | null
}

const hoursAgo = (from: string, now: Date) => {
  const h = Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / 3_600_000))
  return h < 1 ? 'less than an hour ago' : h === 1 ? '1 h ago' : `${h} h ago`
}

/**
 * Whether `destination` is a payee change: its payee already has another address in the book that was there first.
 * Such an address can be paid only after the waiting period **and** once someone recorded how the change was
 * confirmed, or once a payout to it has completed.
 */
export function payeeChangeOf(
  book: readonly Counterparty[],
  destination: Counterparty,
  context: { waitHours: number; confirmation: PayeeConfirmation | null; paidBefore: boolean; now: Date },
): PayeeChange | null {
  const payee = payeeName(destination)
  if (!payee) return null
  const key = normalisePayee(payee)
  const earlier = book.some(
    (c) =>
      c.id !== destination.id &&
      !sameAddress(destination.network, c.address, destination.address) &&
      c.created_at <= destination.created_at &&
      normalisePayee(payeeName(c) ?? '') === key,
  )
  if (!earlier) return null
  const waitUntil = new Date(Date.parse(destination.created_at) + context.waitHours * 3_600_000)
  const settled = context.confirmation !== null || context.paidBefore
  const waiting = context.now < waitUntil && !context.paidBefore
  const blocked =
    settled && !waiting
      ? null
      : `new address for ${payee}, added ${hoursAgo(destination.created_at, context.now)}, ` +
        `${describeWait(settled, waiting, waitUntil)}`
  return {
    payee,
    destinationId: destination.id,
    addedAt: destination.created_at,
    waitUntil: waitUntil.toISOString(),
    confirmation: context.confirmation,
    paidBefore: context.paidBefore,
    blocked,
  }
}

function describeWait(settled: boolean, waiting: boolean, until: Date): string {
  if (!settled && waiting) return `not yet confirmed, and waiting until ${until.toISOString()}`
  if (!settled) return 'not yet confirmed'
  return `confirmed, waiting until ${until.toISOString()}`
}
