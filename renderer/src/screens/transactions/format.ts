import type { TransactionLeg } from '@shared/api/resources'

/** The other side of a leg: where it came from for a deposit, where it went otherwise. */
export function otherSide(t: TransactionLeg): TransactionLeg['from'] {
  return t.direction === 'in' ? t.from : t.to
}
