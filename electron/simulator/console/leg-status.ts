import { legView } from '../api/transactions'
import type { Environment } from '../environment'
import { HttpError } from '../http-error'
import { LegStatusSchema } from './console-schemas'
import { parseConsoleBody } from './parse-console-body'

/**
 * POST /_console/transactions/{id}/status: every leg of one movement moves to the status given
 * (a `broadcasting` leg becomes `completed`). Its recorded time stays: the provider re-states a
 * movement, it does not record it again, so a client sees the change only by re-reading it.
 */
export function setLegStatus(env: Environment, id: string, body: Buffer) {
  const { status } = parseConsoleBody(body, LegStatusSchema)
  const legs = env.data.legs.filter((l) => l.id === id)
  if (legs.length === 0) throw new HttpError(404, 'not_found', 'No such transaction.')
  for (const leg of legs) leg.status = status
  env.changed()
  return legs.map(legView)
}
