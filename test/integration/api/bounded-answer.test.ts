import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListAnswerResult } from '../../harness/list-answer-child'
import { tsChild } from '../../harness/ts-child'

const CHILD = join(import.meta.dirname, '../../harness/list-answer-child.ts')
const HEAP_MB = 256

const wallet = {
  id: 'w1',
  name: 'Main',
  status: 'active',
  address: '0x0000000000000000000000000000000000000001',
  deposit_addresses: [],
  networks: [],
  balances: [],
  total_usd: 0,
}

/** One valid wallet, then 1,390,000 empty objects: 4.2 MB, under the client's 4 MiB cap. */
const ELEMENTS = 1_390_000
const body = Buffer.from(`{"data":[${JSON.stringify(wallet)}${',{}'.repeat(ELEMENTS)}],"meta":{}}`)

function readList(
  url: string,
): Promise<{ status: number | null; signal: string | null; result: ListAnswerResult | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, ...tsChild(CHILD), url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (out += c))
    child.stderr.on('data', (c: Buffer) => (stderr += c))
    child.on('close', (status, signal) =>
      resolve({
        status,
        signal,
        result: out.trim() ? (JSON.parse(out) as ListAnswerResult) : null,
        stderr: stderr.slice(-2000),
      }),
    )
  })
}

describe('a hostile list answer is refused in bounded memory', () => {
  let server: Server
  let url: string

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) })
      res.end(body)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  })

  it(`${ELEMENTS} empty objects end at the first invalid element, in a ${HEAP_MB} MiB heap`, async () => {
    expect(body.length).toBeLessThan(4 * 1024 * 1024)
    const { status, signal, result, stderr } = await readList(url)
    expect({ status, signal, stderr: status === 0 ? '' : stderr }).toEqual({ status: 0, signal: null, stderr: '' })
    expect(result!.error).toEqual({
      name: 'InvalidResponseError',
      code: 'invalid_response',
      message: expect.stringMatching(/\(data\[1\]\.id: /),
    })
    // The body, its text and the parsed JSON take about 150 MiB; one element's issues add next to nothing.
    expect(result!.peakRssGrowthMb).toBeLessThan(250)
  }, 60_000)
})
