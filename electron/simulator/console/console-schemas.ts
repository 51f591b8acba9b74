import { isIP } from 'node:net'
import { z } from 'zod'
import { DECIMAL_PATTERN, findNetwork, isValidAddress, LIMITS } from '../../../shared/api'

/** Bodies of the console endpoints (docs/simulator.md); strict like the API, so typos fail loudly. */
const id = z.string().min(1).max(LIMITS.id)
const decimal = z.string().max(LIMITS.amount).regex(DECIMAL_PATTERN, 'a decimal string')
const network = z.string().refine((n) => findNetwork(n) !== undefined, 'unknown network')
const asset = z.string().min(1).max(32)
const timestamp = z.string().datetime({ offset: true })

/** When a destination counts as verified; by default now. A past time lets a test age a verification. */
export const VerifySchema = z.strictObject({ verified_at: timestamp.optional() })

export const ResetSchema = z.strictObject({ seed: z.enum(['demo', 'empty']).optional() })

export const WorkspaceSchema = z.strictObject({
  name: z.string().min(1).max(LIMITS.name),
  organisation_id: id.optional(),
  parent_id: id.optional(),
})

export const KeySchema = z
  .strictObject({
    workspace_id: id,
    algorithm: z.enum(['ed25519', 'hmac']),
    public_key: z.string().optional(),
    expires_at: timestamp.optional(),
    ip_allowlist: z.array(z.string().refine((ip) => isIP(ip) !== 0, 'not an IP address')).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.algorithm === 'hmac' && v.public_key !== undefined)
      ctx.addIssue({ code: 'custom', path: ['public_key'], message: 'not used for hmac' })
    if (v.algorithm === 'ed25519') {
      const raw = Buffer.from(v.public_key ?? '', 'base64')
      if (raw.length !== 32 || raw.toString('base64') !== v.public_key) {
        ctx.addIssue({ code: 'custom', path: ['public_key'], message: 'base64 of the raw 32-byte Ed25519 public key' })
      }
    }
  })

export const WalletSchema = z.strictObject({
  workspace_id: id,
  name: z.string().min(1).max(LIMITS.name),
  balances: z
    .array(
      z.strictObject({
        asset,
        network,
        amount: decimal,
        available: decimal,
        decimals: z.number().int().min(0).max(36),
        usd_price: z.number().nonnegative().optional(),
      }),
    )
    .max(50),
  unreadable: z.boolean().optional(),
})

/**
 * One movement. `from_address` (in) or `to_address` (out) names the outside party, any valid address of the
 * network (a look-alike of a known one, for address-poisoning tests); without it a fresh address is made.
 * Any amount, zero included (the zero-value transfers poisoning uses).
 */
export const MovementSchema = z
  .strictObject({
    wallet_id: id,
    direction: z.enum(['in', 'out']),
    asset,
    network,
    amount: decimal,
    fee: decimal.optional(),
    created_at: timestamp.optional(),
    status: z.string().min(1).max(32).optional(),
    from_address: z.string().max(LIMITS.id).optional(),
    to_address: z.string().max(LIMITS.id).optional(),
  })
  .superRefine((v, ctx) => {
    const [field, other] =
      v.direction === 'in' ? (['from_address', 'to_address'] as const) : (['to_address', 'from_address'] as const)
    if (v[other] !== undefined)
      ctx.addIssue({ code: 'custom', path: [other], message: `not used for direction ${v.direction} (use ${field})` })
    const address = v[field]
    const known = findNetwork(v.network)
    if (address !== undefined && known && !isValidAddress(v.network, address))
      ctx.addIssue({ code: 'custom', path: [field], message: `not a valid ${known.name} address` })
  })

export const MoveSchema = z.strictObject({
  wallet_id: id,
  to_wallet_id: id,
  asset,
  network,
  amount: decimal,
  created_at: timestamp.optional(),
  status: z.string().min(1).max(32).optional(),
})

/** POST /_console/transactions/{id}/status: every leg of the movement moves to this status. */
export const LegStatusSchema = z.strictObject({ status: z.string().min(1).max(32) })

export const GenerateSchema = z.strictObject({ wallet_id: id, generate: z.number().int().min(1).max(20_000) })

export const SettingsSchema = z.strictObject({
  rate_limit_per_minute: z.number().int().min(1).max(10_000_000).optional(),
  rate_limit_window_s: z.number().int().min(1).max(86_400).optional(),
  approver_available: z.boolean().optional(),
  live_refresh_fails: z.boolean().optional(),
})

export const FaultSchema = z
  .strictObject({
    method: z.enum(['GET', 'POST']).optional(),
    path_prefix: z.string().min(1).max(512).optional(),
    mode: z.enum(['drop_after_commit', 'status']),
    status: z.union([z.literal(429), z.literal(500), z.literal(503)]).optional(),
    retry_after: z.number().int().min(0).max(86_400).optional(),
    times: z.number().int().min(1).max(100_000).optional(),
  })
  .refine((v) => v.mode !== 'status' || v.status !== undefined, {
    path: ['status'],
    message: 'required for mode status',
  })

/**
 * POST /_console/wallets/{id}/skew: a signed offset that makes one balance disagree with its movements ("0" clears it).
 */
export const SkewSchema = z.strictObject({
  asset,
  network,
  skew: z
    .string()
    .max(LIMITS.amount)
    .regex(/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'a signed decimal string'),
})

/** What a compromised provider (or an approval UI showing another transaction) changes in a recorded withdrawal. */
export const AlterSchema = z
  .strictObject({
    amount: decimal.optional(),
    destination: z.string().min(1).max(LIMITS.address).optional(),
    network: network.optional(),
    asset: asset.optional(),
  })
  .refine((a) => Object.keys(a).length > 0, 'name at least one of amount, destination, network, asset')
