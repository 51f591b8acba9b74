import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../electron/core/api/api-client'
import { Pacer } from '../../../electron/core/api/pacer'
import { RequestSender } from '../../../electron/core/api/request-sender'
import { testConnection } from '../../../electron/core/keys/use-cases'
import { createHmacSigner } from '../../../electron/core/signing'
import { canonicalString, hmacKey, signCanonical } from '../../harness/test-signer'

/**
 * A provider mounted under a path (`https://api.example.com/custody`): it serves only
 * `/custody/api/v1/...` and checks each signature, with its own code, over exactly the path it received.
 */
const SECRET = 'base-path-secret'

function signatureMatches(req: IncomingMessage, body: string): boolean {
  const canonical = canonicalString(
    String(req.headers['x-api-timestamp']),
    req.method ?? '',
    req.url ?? '',
    body,
    String(req.headers['idempotency-key'] ?? ''),
  )
  return req.headers['x-api-signature'] === signCanonical(hmacKey(SECRET), canonical)
}

describe('a base URL with a path', () => {
  let server: Server
  let baseUrl: string
  const paths: string[] = []

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        paths.push(new URL(req.url ?? '', 'http://x').pathname)
        const [status, answer] = !req.url?.startsWith('/custody/api/v1/wallets?')
          ? [404, { error: { code: 'not_found', message: 'no such path' } }]
          : !signatureMatches(req, body)
            ? [401, { error: { code: 'unauthorized', message: 'bad signature' } }]
            : [200, { data: [], meta: {} }]
        res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'r' }).end(JSON.stringify(answer))
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/custody`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  })

  it('sends every API call under the base path and signs exactly the path it sends', async () => {
    const sender = new RequestSender({
      baseUrl,
      signer: createHmacSigner('key-1', SECRET),
      pacer: new Pacer(),
      maxAttempts: 1,
    })
    try {
      expect(await new ApiClient(sender, 'interactive').listWallets()).toEqual([])
      expect(paths.at(-1)).toBe('/custody/api/v1/wallets')
    } finally {
      await sender.close()
    }
  })

  it('takes the same path and signature in the connection test', async () => {
    const result = await testConnection({ baseUrl, signer: createHmacSigner('key-1', SECRET) })
    expect(result).toMatchObject({ ok: true, walletCount: 0 })
    expect(paths.at(-1)).toBe('/custody/api/v1/wallets')
  })
})
