import { createHmac, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createHmacSigner } from '../../../electron/core/signing'

describe('HMAC signer', () => {
  it('matches node:crypto HMAC-SHA256 keyed by the UTF-8 secret, as 64 lowercase hex', () => {
    for (let i = 0; i < 200; i++) {
      const secret = randomBytes(8 + (i % 40)).toString('base64') + 'é'
      const message = `1700000000\nPOST\n/api/v1/withdrawals?_request_id=${i}\n${randomBytes(32).toString('hex')}\nidem-${i}`
      const sig = createHmacSigner('key_h', secret).sign(message)
      expect(sig).toBe(createHmac('sha256', Buffer.from(secret, 'utf8')).update(message, 'utf8').digest('hex'))
      expect(sig).toMatch(/^[0-9a-f]{64}$/)
    }
  })

  it('uses a hex-looking secret as is, never hex-decoded', () => {
    const secret = 'deadbeef'
    const sig = createHmacSigner('k', secret).sign('m')
    expect(sig).toBe(createHmac('sha256', Buffer.from(secret, 'utf8')).update('m').digest('hex'))
    expect(sig).not.toBe(createHmac('sha256', Buffer.from(secret, 'hex')).update('m').digest('hex'))
  })

  it('refuses an empty secret and stops signing after dispose', () => {
    expect(() => createHmacSigner('k', '')).toThrow()
    const signer = createHmacSigner('k', 's')
    signer.dispose()
    expect(() => signer.sign('m')).toThrow(/disposed/)
  })
})
