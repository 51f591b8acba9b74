import { z } from 'zod'
import { DECIMAL_PATTERN } from './amount'
import { boundedArray } from './bounded-array'

/**
 * Response schemas of Client API v1. The client validates every response with these; lists end at their first invalid
 * element.
 */
const decimal = z.string().regex(DECIMAL_PATTERN, 'expected a decimal string')
const timestamp = z.string().datetime({ offset: true })

export const MetaSchema = z
  .object({
    count: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
    offset: z.number().int().nonnegative(),
    next_offset: z.number().int().nonnegative().nullable(),
    next_cursor: z.string().nullable(),
    idempotent_replay: z.boolean(),
    already_exists: z.boolean(),
    stale: z.boolean(),
  })
  .partial()
export type Meta = z.infer<typeof MetaSchema>

export const BalanceSchema = z.object({
  asset: z.string(),
  network: z.string(),
  amount: decimal,
  available: decimal,
  usd_value: z.number(),
})
export type Balance = z.infer<typeof BalanceSchema>

export const WalletSchema = z.object({
  id: z.string().min(1).max(128),
  name: z.string(),
  status: z.string(),
  address: z.string(),
  deposit_addresses: boundedArray(z.object({ network: z.string(), network_name: z.string(), address: z.string() })),
  networks: boundedArray(z.object({ id: z.string(), name: z.string() })),
  balances: boundedArray(BalanceSchema),
  total_usd: z.number(),
})
export type Wallet = z.infer<typeof WalletSchema>

export const CounterpartySchema = z.object({
  id: z.string(),
  label: z.string(),
  network: z.string(),
  network_name: z.string(),
  address: z.string(),
  direction: z.enum(['send', 'both']),
  status: z.string(),
  can_send: z.boolean(),
  verified_at: timestamp.nullable(),
  counterparty_type: z.enum(['individual', 'company']),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  company_name: z.string().optional(),
  wallet_type: z.enum(['vasp', 'unhosted']),
  vasp_name: z.string().optional(),
  country: z.string().length(2),
  created_at: timestamp,
})
export type Counterparty = z.infer<typeof CounterpartySchema>

export const WITHDRAWAL_STATUSES = [
  'received',
  'pending_approval',
  'approved',
  'processing',
  'completed',
  'rejected',
  'failed',
  'expired',
  'cancelled',
] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]
export const TERMINAL_WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = [
  'completed',
  'rejected',
  'failed',
  'expired',
  'cancelled',
]

export const WithdrawalSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(WITHDRAWAL_STATUSES),
  wallet_id: z.string(),
  asset: z.string(),
  amount: decimal,
  destination: z.string(),
  network: z.string(),
  tx_hash: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
})
export type Withdrawal = z.infer<typeof WithdrawalSchema>

const PartySchema = z.object({ name: z.string().nullable(), address: z.string() })

export const TransactionLegSchema = z.object({
  id: z.string(),
  created_at: timestamp,
  direction: z.enum(['in', 'out', 'internal']),
  from: PartySchema,
  to: PartySchema,
  amount: decimal,
  asset: z.string(),
  fee: decimal.nullable(),
  fee_asset: z.string().nullable(),
  status: z.string(),
  tx_hash: z.string().nullable(),
  network: z.string().nullable(),
  network_name: z.string().nullable(),
  wallet_id: z.string().nullable(),
})
export type TransactionLeg = z.infer<typeof TransactionLegSchema>

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, meta: MetaSchema.default({}) })
}

export const ErrorEnvelopeSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) })
