import { describe, expect, it } from 'vitest'
import { mailFailure } from '../../../electron/core/notify/mail-failure'

const err = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields)

describe('why a mail was not sent, never the server text that may echo a secret', () => {
  it('names a refused certificate as TLS, with Node words only', () => {
    expect(
      mailFailure(
        err('self-signed certificate in certificate chain', {
          code: 'ESOCKET',
          originalCode: 'SELF_SIGNED_CERT_IN_CHAIN',
        }),
      ),
    ).toBe(
      'TLS failed (certificate refused: self-signed certificate in certificate chain), so nothing was sent and the ' +
        'password was not given',
    )
    expect(mailFailure(err('Error initiating TLS - unable to verify the first certificate', { code: 'ETLS' }))).toMatch(
      /^TLS failed \(certificate refused: unable to verify the first certificate\)/,
    )
    expect(
      mailFailure(err('wrong version number', { code: 'ESOCKET', originalCode: 'ERR_SSL_WRONG_VERSION_NUMBER' })),
    ).toMatch(/^TLS failed \(ERR_SSL_WRONG_VERSION_NUMBER\)/)
  })

  it('names a server without STARTTLS, and keeps its reply text out', () => {
    const refused = err('Error upgrading connection with STARTTLS: 500 secret-echo', {
      code: 'ETLS',
      responseCode: 500,
    })
    expect(mailFailure(refused)).toBe(
      'the mail server does not offer STARTTLS (it answered 500), so nothing was sent and the password was not given',
    )
  })

  it('says a reply code or an error code otherwise', () => {
    expect(mailFailure(err('535 bad pass hunter2', { code: 'EAUTH', responseCode: 535 }))).toBe(
      'the mail server answered 535',
    )
    expect(mailFailure(err('connect ECONNREFUSED', { code: 'ESOCKET', originalCode: 'ECONNREFUSED' }))).toBe(
      'no mail sent (ECONNREFUSED)',
    )
    expect(mailFailure('odd')).toBe('no mail sent (network error)')
  })
})
