import { z } from 'zod'
import { plainText } from '../text/plain-text'
import { text } from './text'
import { DECIMAL_PATTERN } from './amount'
import { isCountryCode } from './country-codes'
import { IDEMPOTENCY_KEY_PATTERN, LIMITS } from './limits'

/**
 * Request bodies and query parameters of Client API v1, with the spec's limits.
 *
 * A new destination. `name` is the rule for names and labels: the provider's own (`text`, which the simulator
 * applies), or the desk's stricter one for what a person or an agent enters (`plainText`).
 */
function counterpartySchema(nameText: typeof text) {
  const name = nameText().min(1).max(LIMITS.name)
  return z
    .strictObject({
      network: text().min(1).max(LIMITS.network),
      address: text().min(1).max(LIMITS.address),
      counterparty_type: z.enum(['individual', 'company']),
      first_name: name.optional(),
      last_name: name.optional(),
      company_name: name.optional(),
      wallet_type: z.enum(['vasp', 'unhosted']),
      vasp_name: name.optional(),
      country: text().refine(isCountryCode, 'not a supported two-letter ISO 3166-1 code (for example DE)'),
      direction: z.enum(['send', 'both']).optional(),
      label: nameText().max(LIMITS.name).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.counterparty_type === 'individual') {
        if (!v.first_name) ctx.addIssue({ code: 'custom', path: ['first_name'], message: 'required for an individual' })
        if (!v.last_name) ctx.addIssue({ code: 'custom', path: ['last_name'], message: 'required for an individual' })
      }
      if (v.counterparty_type === 'company' && !v.company_name) {
        ctx.addIssue({ code: 'custom', path: ['company_name'], message: 'required for a company' })
      }
      if (v.wallet_type === 'vasp' && !v.vasp_name) {
        ctx.addIssue({ code: 'custom', path: ['vasp_name'], message: 'required for a vasp wallet' })
      }
    })
}

/** What the Client API accepts. */
export const ApiCreateCounterpartySchema = counterpartySchema(text)
/** What the desk lets anyone enter (app, CLI, connector): names and labels without bidi or control characters. */
export const CreateCounterpartySchema = counterpartySchema(plainText)
export type CreateCounterparty = z.infer<typeof CreateCounterpartySchema>

export const CreateWithdrawalSchema = z.strictObject({
  wallet_id: text().min(1).max(LIMITS.walletId),
  asset: text().min(1).max(LIMITS.id),
  amount: text().min(1).max(LIMITS.amount).regex(DECIMAL_PATTERN, 'a positive decimal string without exponent'),
  destination: text().min(1).max(LIMITS.destination),
  network: text().min(1).max(LIMITS.network).optional(),
  fee_priority: z.enum(['low', 'medium', 'high']).optional(),
})
export type CreateWithdrawal = z.infer<typeof CreateWithdrawalSchema>

export const IdempotencyKeySchema = text().regex(
  IDEMPOTENCY_KEY_PATTERN,
  '1 to 128 printable ASCII characters, no spaces',
)

export const TransactionQuerySchema = z.strictObject({
  limit: z.number().int().min(1).max(LIMITS.pageLimitMax).optional(),
  wallet_id: text().min(1).max(LIMITS.walletId).optional(),
  cursor: text().min(1).max(256).optional(),
  created_after: text().datetime({ offset: true }).optional(),
  created_before: text().datetime({ offset: true }).optional(),
})
export type TransactionQuery = z.infer<typeof TransactionQuerySchema>

export const WithdrawalQuerySchema = z.strictObject({
  limit: z.number().int().min(1).max(LIMITS.pageLimitMax).optional(),
  offset: z.number().int().min(0).max(LIMITS.offsetMax).optional(),
  wallet_id: text().min(1).max(LIMITS.walletId).optional(),
  idempotency_key: text().min(1).max(LIMITS.idempotencyKey).optional(),
})
export type WithdrawalQuery = z.infer<typeof WithdrawalQuerySchema>

export const IdSchema = text().min(1).max(LIMITS.id)
