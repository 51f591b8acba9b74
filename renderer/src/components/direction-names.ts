import type { TransactionLeg } from '@shared/api/resources'

/** A ledger leg's direction as the screens name it, in sentence case; the API and the exports keep its own words. */
export const DIRECTION_NAMES: Readonly<Record<TransactionLeg['direction'], string>> = {
  in: 'In',
  out: 'Out',
  internal: 'Internal',
}
