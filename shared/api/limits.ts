/** Field limits of Client API v1 (spec: "Limits"). One place, used by forms, core and the simulator. */
export const LIMITS = {
  id: 128,
  network: 128,
  address: 128,
  destination: 128,
  walletId: 128,
  name: 120,
  amount: 100,
  idempotencyKey: 128,
  pageLimitMax: 100,
  pageLimitDefault: 25,
  offsetMax: 10000,
  bodyBytes: 64 * 1024,
  timestampSkewSeconds: 300,
  rateLimitPerMinute: 120,
} as const

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,128}$/
