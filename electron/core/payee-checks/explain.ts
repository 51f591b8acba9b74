import { sameAddress } from '../../../shared/api/address'
import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { Counterparty } from '../../../shared/api/resources'
import type { DeskStore } from '../store'
import { knownAddresses } from '../store/destinations/known-addresses'
import { paidDestinations } from '../store/destinations/paid-destinations'
import { screeningHits, screeningStatus } from '../screening/use-cases'
import { payeeChangeNow } from './payee-change-now'

/** One check a payout passes before it is sent, and what it found. */
export interface PayoutCheck {
  check: 'verified' | 'first_payout' | 'payee_change' | 'lookalike' | 'screening'
  /** `pass`: nothing stops it; `ask`: a person confirms it (a tick, [y/N]); `stop`: it is not sent. */
  result: 'pass' | 'ask' | 'stop'
  detail: string
}

const hoursSince = (iso: string, now: Date) => Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 3_600_000))

/**
 * Every check that applies to a payout to `destination`, in the order the send gate takes them, with its result: the
 * review, `payout explain` and the agent's answer list the same facts (the policy's rule for an agent's payout is
 * the gate's own answer). Reads the store only, against the book the caller read.
 */
export function explainPayout(
  store: DeskStore,
  book: readonly Counterparty[],
  body: CreateWithdrawal,
  now = new Date(),
): PayoutCheck[] {
  const network = body.network ?? ''
  const destination = book.find((c) => c.network === network && sameAddress(network, c.address, body.destination))
  const checks: PayoutCheck[] = []
  checks.push(
    !destination
      ? {
          check: 'verified',
          result: 'stop',
          detail: `${body.destination} is not in the destination book on ${network}`,
        }
      : destination.can_send
        ? {
            check: 'verified',
            result: 'pass',
            detail:
              `verified ${destination.verified_at ? `${hoursSince(destination.verified_at, now)} h ago` : ''}`.trim(),
          }
        : { check: 'verified', result: 'stop', detail: 'not verified in the provider console yet' },
  )
  const paid = store.read('read the payouts to this destination', () =>
    store.repo(paidDestinations).paidBefore(network, body.destination),
  )
  checks.push(
    paid
      ? { check: 'first_payout', result: 'pass', detail: 'paid before' }
      : { check: 'first_payout', result: 'ask', detail: 'never paid before: confirm it, or send a test amount first' },
  )
  const change = destination ? payeeChangeNow(store, book, destination, now) : null
  checks.push(
    !change
      ? { check: 'payee_change', result: 'pass', detail: 'no other address for this payee' }
      : change.blocked
        ? { check: 'payee_change', result: 'stop', detail: change.blocked }
        : {
            check: 'payee_change',
            result: 'pass',
            detail:
              `new address for ${change.payee}, ` +
              (change.confirmation
                ? `confirmed by ${change.confirmation.confirmedBy} (${change.confirmation.channel})`
                : 'paid before'),
          },
  )
  const alike = store
    .read('read the known addresses', () => store.repo(knownAddresses).sameLook(network, body.destination))
    .filter((k) => !sameAddress(k.network, k.address, body.destination))
  checks.push(
    alike.length === 0
      ? { check: 'lookalike', result: 'pass', detail: 'resembles no known address' }
      : {
          check: 'lookalike',
          result: 'ask',
          detail: `looks like ${alike.map(knownText).join(', ')}`,
        },
  )
  const hits = screeningHits(store, body.destination)
  const lists = screeningStatus(store, now)
  checks.push(
    hits.length > 0
      ? { check: 'screening', result: 'stop', detail: `on "${hits[0]!.list}" (${hits[0]!.entry})` }
      : lists.length === 0
        ? { check: 'screening', result: 'ask', detail: 'no screening list imported (payout-desk screening import)' }
        : {
            check: 'screening',
            result: lists.some((l) => l.stale) ? 'ask' : 'pass',
            detail: `on no list: ${lists.map(listText).join(', ')}`,
          },
  )
  return checks
}

function knownText(k: { address: string; source: string; label: string | null }): string {
  return `${k.address} (${k.source}${k.label ? `: ${k.label}` : ''})`
}

function listText(l: { name: string; published: string | null; importedAt: string; ageDays: number; stale: boolean }) {
  return `${l.name} (${l.published ?? l.importedAt}, ${l.ageDays} d old${l.stale ? ', STALE' : ''})`
}
