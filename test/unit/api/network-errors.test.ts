import { describe, expect, it } from 'vitest'
import { toNetworkError } from '../../../electron/core/api/errors'

// What undici or node:net threw, as a NetworkError whose kind and message a person can act on.
const HOST = 'api.example.com'
const coded = (code: string) => Object.assign(new Error('fetch failed'), { code })
const caused = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: { code } })

describe('toNetworkError', () => {
  it.each([
    [coded('UND_ERR_CONNECT_TIMEOUT'), 'timeout', 'timeout', 'Connecting to api.example.com timed out.'],
    [caused('UND_ERR_HEADERS_TIMEOUT'), 'timeout', 'timeout', 'api.example.com did not answer in time.'],
    [coded('ETIMEDOUT'), 'timeout', 'timeout', 'api.example.com did not answer in time.'],
    [
      caused('ECONNREFUSED'),
      'refused',
      'network_error',
      'api.example.com refused the connection. Is the service running?',
    ],
    [caused('ENOTFOUND'), 'dns', 'network_error', 'The name api.example.com could not be resolved.'],
    [coded('EAI_AGAIN'), 'dns', 'network_error', 'The name api.example.com could not be resolved.'],
    [
      caused('CERT_HAS_EXPIRED'),
      'tls',
      'network_error',
      'The TLS connection to api.example.com failed (CERT_HAS_EXPIRED).',
    ],
    [
      caused('ERR_TLS_CERT_ALTNAME_INVALID'),
      'tls',
      'network_error',
      'The TLS connection to api.example.com failed (ERR_TLS_CERT_ALTNAME_INVALID).',
    ],
    [
      caused('ECONNRESET'),
      'reset',
      'network_error',
      'The connection to api.example.com closed before an answer arrived.',
    ],
    [
      coded('UND_ERR_SOCKET'),
      'reset',
      'network_error',
      'The connection to api.example.com closed before an answer arrived.',
    ],
    [
      Object.assign(new Error('aborted'), { name: 'AbortError' }),
      'aborted',
      'network_error',
      'The request to api.example.com was cancelled.',
    ],
    [coded('UND_ERR_ABORTED'), 'aborted', 'network_error', 'The request to api.example.com was cancelled.'],
    [coded('EHOSTUNREACH'), 'other', 'network_error', 'The request to api.example.com failed (EHOSTUNREACH).'],
    [new Error('odd'), 'other', 'network_error', 'The request to api.example.com failed.'],
    [undefined, 'other', 'network_error', 'The request to api.example.com failed.'],
  ] as const)('%o: %s', (thrown, kind, code, message) => {
    const e = toNetworkError(thrown, HOST)
    expect({ kind: e.kind, code: e.code, message: e.message, answerStarted: e.answerStarted }).toEqual({
      kind,
      code,
      message,
      answerStarted: false,
    })
  })

  it('a body that went silent after the answer started is a timeout that says the answer had begun', () => {
    const e = toNetworkError(caused('UND_ERR_BODY_TIMEOUT'), HOST)
    expect(e).toMatchObject({
      kind: 'timeout',
      answerStarted: true,
      message: 'api.example.com started answering but went silent before the body ended.',
    })
  })
})
