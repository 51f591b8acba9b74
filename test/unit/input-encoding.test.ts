import { describe, expect, it } from 'vitest'
import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { DeskError } from '../../electron/core/errors'
import { Router } from '../../electron/core/ipc/router'
import { normalizeBaseUrl, validateEnvironment, validateProfileName } from '../../electron/core/profiles/profile-validation'
import { createEd25519Signer } from '../../electron/core/signing'
import { CreateCounterpartySchema } from '../../shared/api/requests'
import { quoteInput } from '../../shared/api/text'

const LONE_HIGH = 'ab\uD800cd'
const LONE_LOW = '\uDC00'

describe('input that cannot be encoded is refused as input', () => {
  it('is refused by the IPC schemas with invalid_input before any handler', async () => {
    const router = new Router()
    const result = await router.dispatch('profiles.create', { name: LONE_HIGH, environment: 'sandbox', baseUrl: 'http://127.0.0.1:4010' })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/name: contains a character that cannot be encoded/) } })
  })

  it('is refused by the API request schemas', () => {
    const body = { network: 'bitcoin-testnet', address: 'tb1q', counterparty_type: 'company', company_name: `Acme ${LONE_LOW}`, wallet_type: 'unhosted', country: 'DE' }
    expect(CreateCounterpartySchema.safeParse(body).success).toBe(false)
    expect(CreateCounterpartySchema.safeParse({ ...body, company_name: 'Acme 😀' }).success).toBe(true)
  })

  it('is refused in a profile name and a base URL given to the core directly (CLI)', () => {
    expect(() => validateProfileName(LONE_HIGH, [])).toThrow(expect.objectContaining({ code: 'invalid_input', message: expect.stringMatching(/cannot be encoded/) }))
    expect(() => normalizeBaseUrl(`https://api.example.com/${LONE_LOW}`)).toThrow(expect.objectContaining({ code: 'invalid_input', message: expect.stringMatching(/cannot be encoded/) }))
  })

  it.each<[string, (c: ApiClient) => Promise<unknown>]>([
    ['a wallet id', (c) => c.getWallet(LONE_HIGH)],
    ['a transaction cursor', (c) => c.transactionPage({ cursor: LONE_LOW })],
    ['a payout query wallet id', (c) => c.withdrawalPage({ wallet_id: LONE_HIGH })],
  ])('is refused in %s with invalid_input, not an internal URIError, before sending', async (_what, call) => {
    // Port 9 (discard) on loopback: a request that got this far would fail as a network error, not invalid_input.
    const sender = new RequestSender({ baseUrl: 'http://127.0.0.1:9', signer: createEd25519Signer('k', new Uint8Array(32).fill(1)), pacer: new Pacer(), maxAttempts: 1 })
    try {
      await expect(call(new ApiClient(sender))).rejects.toMatchObject({ name: 'DeskError', code: 'invalid_input' })
    } finally {
      await sender.close()
    }
  })
})

describe('error messages that echo input are capped', () => {
  it('quotes at most 60 characters of a 100,000-character base URL and says how long it was', () => {
    const err = (() => {
      try {
        normalizeBaseUrl('x'.repeat(100_000))
      } catch (e) {
        return e as DeskError
      }
    })()
    expect(err).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/\(100000 characters\) is not a valid URL/) })
    expect(err!.message.length).toBeLessThan(200)
    expect(() => validateEnvironment('p'.repeat(100_000))).toThrow(/^The environment is "sandbox" or "production" \(got "p{60}"… \(100000 characters\)\)\.$/)
  })

  it('cuts by characters, never leaving half a surrogate pair', () => {
    expect(quoteInput('😀'.repeat(70), 60)).toBe(`${JSON.stringify('😀'.repeat(60))}… (70 characters)`)
  })

  it('caps any DeskError message as a backstop', () => {
    expect(new DeskError('internal', 'y'.repeat(100_000)).message.length).toBeLessThanOrEqual(2001)
  })
})
