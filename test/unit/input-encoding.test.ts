import { describe, expect, it } from 'vitest'
import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { DeskError } from '../../electron/core/errors'
import { Router } from '../../electron/core/ipc/router'
import {
  normalizeBaseUrl,
  validateEnvironment,
  validateProfileName,
} from '../../electron/core/profiles/profile-validation'
import { createEd25519Signer } from '../../electron/core/signing'
import { CreateCounterpartySchema } from '../../shared/api/requests'
import { quoteInput } from '../../shared/api/text'
import { NO_RULES } from '../../shared/policy/policy-schema'

const LONE_HIGH = 'ab\uD800cd'
const LONE_LOW = '\uDC00'

describe('input that cannot be encoded is refused as input', () => {
  it('is refused by the IPC schemas with invalid_input before any handler', async () => {
    const router = new Router()
    const result = await router.dispatch('profiles.create', {
      name: LONE_HIGH,
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:4010',
    })
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/name: contains a character that cannot be encoded/),
      },
    })
  })

  it.each<[string, string, unknown, RegExp]>([
    ['a rejection reason', 'held.reject', { idempotencyKey: 'k-1', reason: `No ${LONE_HIGH}` }, /^reason: /],
    ['a held payout key', 'held.release', { idempotencyKey: LONE_LOW }, /^idempotencyKey: /],
    ['a policy profile id', 'policy.show', { profileId: LONE_HIGH }, /^profileId: /],
    [
      'an asset in a policy rule',
      'policy.set',
      { profileId: 'p', policy: { ...NO_RULES, maxPerDay: { [LONE_HIGH]: '1' } } },
      /^policy\.maxPerDay/,
    ],
    ['pasted batch rows', 'batch.check', { source: 'pasted', text: `a,b\n${LONE_LOW}` }, /^text: /],
    ['a batch source name', 'batch.check', { source: LONE_HIGH, text: 'a' }, /^source: /],
    ['a batch wallet', 'batch.check', { source: 'pasted', text: 'a', wallet: LONE_LOW }, /^wallet: /],
    [
      'a retyped batch total',
      'batch.submit',
      { source: 'pasted', text: 'a', confirmDuplicates: false, retypedTotal: LONE_HIGH },
      /^retypedTotal: /,
    ],
    ['a batch status filter', 'batch.status', { batchId: 'b', state: LONE_LOW }, /^state: /],
    ['a batch id', 'batch.pause', { batchId: LONE_HIGH }, /^batchId: /],
    ['a payout export id', 'withdrawals.cancelExport', { exportId: LONE_LOW }, /^exportId: /],
  ])('is refused in %s (%s) with invalid_input before any handler', async (_what, channel, input, path) => {
    const result = await new Router().dispatch(channel, input)
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    const message = (result as { error: { message: string } }).error.message.replace(
      `Invalid input for ${channel}: `,
      '',
    )
    expect(message).toMatch(path)
    expect(message).toMatch(/contains a character that cannot be encoded/)
  })

  it('is refused by the API request schemas', () => {
    const body = {
      network: 'bitcoin-testnet',
      address: 'tb1q',
      counterparty_type: 'company',
      company_name: `Acme ${LONE_LOW}`,
      wallet_type: 'unhosted',
      country: 'DE',
    }
    expect(CreateCounterpartySchema.safeParse(body).success).toBe(false)
    expect(CreateCounterpartySchema.safeParse({ ...body, company_name: 'Acme 😀' }).success).toBe(true)
  })

  it('is refused in a profile name and a base URL given to the core directly (CLI)', () => {
    expect(() => validateProfileName(LONE_HIGH, [])).toThrow(
      expect.objectContaining({ code: 'invalid_input', message: expect.stringMatching(/cannot be encoded/) }),
    )
    expect(() => normalizeBaseUrl(`https://api.example.com/${LONE_LOW}`)).toThrow(
      expect.objectContaining({ code: 'invalid_input', message: expect.stringMatching(/cannot be encoded/) }),
    )
  })

  it.each<[string, (c: ApiClient) => Promise<unknown>]>([
    ['a wallet id', (c) => c.getWallet(LONE_HIGH)],
    ['a transaction cursor', (c) => c.transactionPage({ cursor: LONE_LOW })],
    ['a payout query wallet id', (c) => c.withdrawalPage({ wallet_id: LONE_HIGH })],
  ])('is refused in %s with invalid_input, not an internal URIError, before sending', async (_what, call) => {
    // Port 9 (discard) on loopback: a request that got this far would fail as a network error, not invalid_input.
    const sender = new RequestSender({
      baseUrl: 'http://127.0.0.1:9',
      signer: createEd25519Signer('k', new Uint8Array(32).fill(1)),
      pacer: new Pacer(),
      maxAttempts: 1,
    })
    try {
      await expect(call(new ApiClient(sender, 'interactive'))).rejects.toMatchObject({
        name: 'DeskError',
        code: 'invalid_input',
      })
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
    expect(err).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/\(100000 characters\) is not a valid URL/),
    })
    expect(err!.message.length).toBeLessThan(200)
    expect(() => validateEnvironment('p'.repeat(100_000))).toThrow(
      /^The environment is "sandbox" or "production" \(got "p{60}"… \(100000 characters\)\)\.$/,
    )
  })

  it.each<[string, string, unknown]>([
    [
      'a policy rule',
      'policy.set',
      { profileId: 'p', policy: { ...NO_RULES, maxPerDay: { ETH: '1'.repeat(100_000) } } },
    ],
    [
      'an unknown asset in a policy rule',
      'policy.set',
      { profileId: 'p', policy: { ...NO_RULES, holdAbove: { ['D'.repeat(100_000)]: '1' } } },
    ],
    ['an unknown field', 'app.info', { ['f'.repeat(100_000)]: 1 }],
  ])(
    "the router's invalid_input for %s quotes at most 60 characters of a 100,000-character input",
    async (_what, channel, input) => {
      const result = await new Router().dispatch(channel, input)
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringMatching(/… \(100\d{3} characters\)/) },
      })
      expect((result as { error: { message: string } }).error.message.length).toBeLessThan(600)
    },
  )

  it('cuts by characters, never leaving half a surrogate pair', () => {
    expect(quoteInput('😀'.repeat(70), 60)).toBe(`${JSON.stringify('😀'.repeat(60))}… (70 characters)`)
  })

  it('caps any DeskError message as a backstop', () => {
    expect(new DeskError('internal', 'y'.repeat(100_000)).message.length).toBeLessThanOrEqual(2001)
  })
})
