import type { Environment } from '../environment'
import { HttpError } from '../http-error'
import { walletView } from '../api/wallets'
import { SkewSchema } from './console-schemas'
import { parseConsoleBody } from './parse-console-body'

/**
 * POST /_console/wallets/{id}/skew: the test switch that makes one balance read more or less than
 * its movements add up to, so a client's difference report can be checked. Never below zero.
 */
export function setBalanceSkew(env: Environment, walletId: string, body: Buffer) {
  const spec = parseConsoleBody(body, SkewSchema)
  const wallet = env.data.wallets.find((w) => w.id === walletId)
  if (!wallet) throw new HttpError(404, 'not_found', `No wallet ${walletId}.`)
  const row = wallet.balances.find((b) => b.asset === spec.asset && b.network === spec.network)
  if (!row) throw new HttpError(404, 'not_found', `The wallet holds no ${spec.asset} on ${spec.network}.`)
  const before = row.skew
  row.skew = spec.skew
  env.changed()
  if (env.balance(wallet, row).available.lt(0)) {
    row.skew = before
    env.changed()
    throw new HttpError(409, 'insufficient_balance', 'That skew would take the balance below zero.')
  }
  return walletView(env, wallet)
}
