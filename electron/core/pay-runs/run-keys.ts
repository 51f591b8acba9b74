import { createHash } from 'node:crypto'
import { payeeKey } from './run-lines'
import type { Period } from './schedule'

/**
 * The Idempotency-Key of one payee's payout in one period of one run. Every desk holding the run file derives the
 * same key, and the provider keeps a key unique within the organisation: the payee is paid once per period,
 * whichever desk sends it and however often. The payee (not the file line) names it, so reordering lines keeps keys.
 */
export function runLineKey(runId: string, period: Period, payee: string): string {
  return `run-${createHash('sha256')
    .update(`${runId}\n${period}\n${payeeKey(payee)}`)
    .digest('hex')}`
}
