import type { TransactionLeg } from '../../../../shared/api/resources'

/** The other side of a leg: its name when the provider knows it, else its address. */
export function counterpart(t: TransactionLeg): string {
  const other = t.direction === 'in' ? t.from : t.to
  return other.name ?? other.address
}
