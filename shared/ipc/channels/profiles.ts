import { z } from 'zod'
import { text } from '../../api/text'
import { plainText } from '../../text/plain-text'
import { LIMITS } from '../../api/limits'
import { channels } from '../channel'

export const EnvironmentSchema = z.enum(['sandbox', 'production'])
export const AlgorithmSchema = z.enum(['ed25519', 'hmac'])
const profileId = text().min(1).max(64)
const keyId = text().trim().min(1).max(LIMITS.id)

/** A profile as the renderer sees it. No secret ever appears here. */
export const ProfileViewSchema = z.strictObject({
  id: text(),
  name: text(),
  environment: EnvironmentSchema,
  baseUrl: text(),
  keyId: text().nullable(),
  algorithm: AlgorithmSchema,
  embedded: z.boolean(),
  agentWriteTools: z.boolean(),
  hasKey: z.boolean(),
  /** A rotated key waiting for its Key ID to pass the connection test. */
  pendingKey: z.strictObject({ keyId: text().nullable() }).nullable(),
})
export type ProfileView = z.infer<typeof ProfileViewSchema>

export const PublicKeyViewSchema = z.strictObject({
  base64: text(),
  hex: text(),
  pem: text(),
  fingerprint: text(),
})
export type PublicKeyView = z.infer<typeof PublicKeyViewSchema>

export const ConnectionResultSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), walletCount: z.number().int(), clockOffsetSeconds: z.number().nullable() }),
  z.strictObject({
    ok: z.literal(false),
    reason: z.enum([
      'no_key',
      'no_key_id',
      'unknown_key',
      'clock_skew',
      'unreachable',
      /** The server sent its status and headers, but the body did not arrive in time. */
      'timeout',
      'tls',
      'rate_limited',
      'server_error',
      'invalid_response',
      'keychain_unavailable',
    ]),
    message: text(),
    status: z.number().int().nullable(),
    requestId: text().nullable(),
    clockOffsetSeconds: z.number().nullable(),
  }),
])
export type ConnectionResult = z.infer<typeof ConnectionResultSchema>

const which = z.enum(['active', 'pending'])

export const profileChannels = channels({
  'profiles.list': { input: z.strictObject({}), output: z.array(ProfileViewSchema) },
  'profiles.create': {
    input: z.strictObject({
      name: plainText().trim().min(1).max(80),
      environment: EnvironmentSchema,
      baseUrl: text().min(1).max(2048),
      algorithm: AlgorithmSchema.default('ed25519'),
    }),
    output: ProfileViewSchema,
  },
  'profiles.remove': { input: z.strictObject({ profileId }), output: z.strictObject({ removed: z.literal(true) }) },
  'profiles.select': { input: z.strictObject({ profileId }), output: ProfileViewSchema },
  'profiles.current': { input: z.strictObject({}), output: ProfileViewSchema.nullable() },
  'profiles.setAgentWriteTools': {
    input: z.strictObject({ profileId, enabled: z.boolean(), confirmProduction: z.boolean().default(false) }),
    output: ProfileViewSchema,
  },
  'keys.generate': { input: z.strictObject({ profileId }), output: PublicKeyViewSchema },
  'keys.publicKey': {
    input: z.strictObject({ profileId, which: which.default('active') }),
    output: PublicKeyViewSchema,
  },
  /** `replace`: the person confirmed replacing the Key ID in use; the new one is tested before it is saved. */
  'keys.setKeyId': {
    input: z.strictObject({ profileId, keyId, which: which.default('active'), replace: z.boolean().optional() }),
    output: ProfileViewSchema,
  },
  'keys.importHmac': {
    input: z.strictObject({ profileId, keyId, secret: text().min(1).max(512) }),
    output: ProfileViewSchema,
  },
  'keys.rotate': { input: z.strictObject({ profileId }), output: PublicKeyViewSchema },
  'keys.cancelRotation': { input: z.strictObject({ profileId }), output: ProfileViewSchema },
  /** `typedName`: a production profile's key is deleted only with the profile's name typed. */
  'keys.delete': {
    input: z.strictObject({ profileId, typedName: text().max(200).optional() }),
    output: ProfileViewSchema,
  },
  'keys.test': { input: z.strictObject({ profileId, which: which.default('active') }), output: ConnectionResultSchema },
  'quickstart.simulator': {
    input: z.strictObject({}),
    output: z.strictObject({ profile: ProfileViewSchema, walletCount: z.number().int(), consoleUrl: text() }),
  },
  'simulator.openConsole': { input: z.strictObject({}), output: z.strictObject({ url: text() }) },
})
