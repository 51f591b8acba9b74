import { PAY_RUNS_SQL } from '../pay-runs/pay-run-repo'
import type { Migration } from './migration'

export const m20: Migration = {
  version: 20,
  name: 'pay runs: scheduled payee lines, what became of each period, invoices and due reminders',
  sql: PAY_RUNS_SQL,
}
