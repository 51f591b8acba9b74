import { PAYEE_CONFIRMATIONS_SQL } from '../destinations/payee-confirmations-repo'
import { ALTERED_WITHDRAWALS_SQL } from '../payouts/altered-withdrawals-repo'
import { SCREENING_SQL } from '../screening/screening-repo'
import type { Migration } from './migration'

export const m21: Migration = {
  version: 21,
  name: 'payee safety: withdrawals the provider altered, screening lists, confirmations of a payee change',
  sql: ALTERED_WITHDRAWALS_SQL + SCREENING_SQL + PAYEE_CONFIRMATIONS_SQL,
}
