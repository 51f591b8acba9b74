import { withdrawalView } from '../api/withdrawals'
import type { Environment } from '../environment'
import { HttpError } from '../http-error'
import { AlterSchema } from './console-schemas'
import { parseConsoleBody } from './parse-console-body'

/**
 * Changes what the provider records for a withdrawal after it was requested, as a compromised provider or a
 * poisoned approval screen would: the client must notice that the withdrawal it reads back is not the one it asked for.
 */
export function alterWithdrawal(env: Environment, id: string, body: Buffer, now: number) {
  const w = env.data.withdrawals.find((x) => x.id === id)
  if (!w) throw new HttpError(404, 'not_found', 'No such withdrawal.')
  Object.assign(w, parseConsoleBody(body, AlterSchema), { updated_at: new Date(now).toISOString() })
  env.changed()
  return withdrawalView(w)
}
