import type { TransactionLegView } from '@shared/ipc/views'

/** The other side of a leg: where it came from for a deposit, where it went otherwise. */
export function otherSide(t: TransactionLegView): TransactionLegView['from'] {
  return t.direction === 'in' ? t.from : t.to
}
