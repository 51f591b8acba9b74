import { createHash } from 'node:crypto'
import type { Period } from './schedule'

/**
 * The Idempotency-Key of one line's payout in one period of one run. Every desk holding the run file derives the
 * same key, and the provider keeps a key unique within the organisation: the line is paid once per period,
 * whichever desk sends it and however often. The line's id (never its text) names it, so renaming, reordering or
 * editing a line keeps its keys. Lines kept before ids existed have their payee's old text as id: the same keys.
 */
export function runLineKey(runId: string, period: Period, lineId: string): string {
  return `run-${createHash('sha256').update(`${runId}\n${period}\n${lineId}`).digest('hex')}`
}
