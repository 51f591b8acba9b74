import type { z } from 'zod'
import { addressProblem } from '../../../shared/api/address-problem'
import { decimalPlaces } from '../../../shared/api/amount'
import { assetDecimals, findNetwork } from '../../../shared/api/networks'
import {
  CreateCounterpartySchema,
  CreateWithdrawalSchema,
  IdempotencyKeySchema,
  IdSchema,
  TransactionQuerySchema,
  WithdrawalQuerySchema,
  type CreateCounterparty,
  type CreateWithdrawal,
  type TransactionQuery,
  type WithdrawalQuery,
} from '../../../shared/api/requests'
import { NoteSchema, PayoutReferenceSchema } from '../../../shared/payouts/payout-notes'
import { PayoutSearchQuerySchema } from '../../../shared/payouts/payout-search'
import { DeskError } from '../errors'

/** Bad input is refused here, before anything is signed or sent. */
function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue && issue.path.length ? `${issue.path.join('.')}: ` : ''
  throw new DeskError('invalid_input', `Invalid ${what}: ${where}${issue?.message ?? 'invalid'}`)
}

export function checkId(id: unknown, what: string): string {
  return parse(IdSchema, id, what)
}

export function checkWithdrawalBody(body: unknown): CreateWithdrawal {
  const checked = parse(CreateWithdrawalSchema, body, 'payout')
  const decimals = assetDecimals(checked.asset)
  if (decimals !== undefined && decimalPlaces(checked.amount) > decimals) {
    throw new DeskError('invalid_input', `Invalid payout: ${checked.asset} allows at most ${decimals} decimal places.`)
  }
  if (!/[1-9]/.test(checked.amount))
    throw new DeskError('invalid_input', 'Invalid payout: the amount must be more than zero.')
  if (checked.network !== undefined) {
    if (!findNetwork(checked.network))
      throw new DeskError('invalid_input', `Invalid payout: unknown network ${checked.network}.`)
    const problem = addressProblem(checked.network, checked.destination)
    if (problem)
      throw new DeskError(
        'invalid_input',
        `Invalid payout: the destination is not a ${checked.network} address. ${problem}`,
      )
  }
  return checked
}

export function checkIdempotencyKey(key: unknown): string {
  return parse(IdempotencyKeySchema, key, 'Idempotency-Key')
}

export function checkCounterpartyBody(body: unknown): CreateCounterparty {
  const checked = parse(CreateCounterpartySchema, body, 'destination')
  if (!findNetwork(checked.network))
    throw new DeskError('invalid_input', `Invalid destination: unknown network ${checked.network}.`)
  const problem = addressProblem(checked.network, checked.address)
  if (problem) throw new DeskError('invalid_input', `Invalid destination: ${problem}`)
  return checked
}

export function checkTransactionQuery(query: unknown): TransactionQuery {
  return parse(TransactionQuerySchema, query, 'transaction query')
}

export function checkWithdrawalQuery(query: unknown): WithdrawalQuery {
  return parse(WithdrawalQuerySchema, query, 'payout query')
}

/** A private note (payout or ledger movement) or a payout's reference: plain text within its limit. */
export function checkNote(value: unknown, kind: 'note' | 'reference'): string {
  return parse(kind === 'note' ? NoteSchema : PayoutReferenceSchema, value, kind)
}

export function checkPayoutSearch(query: unknown): z.output<typeof PayoutSearchQuerySchema> {
  return parse(PayoutSearchQuerySchema, query, 'search')
}
