import { spawn } from 'node:child_process'
import { Pool } from 'undici'
import { simConsole } from '../harness/sim-console'
import { generateEd25519Key, signHeaders, withRequestId } from '../harness/test-signer'

const DURATION_MS = 3000
const CONNECTIONS = 8
const IN_FLIGHT = 64
const PRESIGNED = 40_000

/** Starts the simulator as its own process (its own core), so the client's signing and parsing do not slow it. */
async function startChild(): Promise<{ url: string; stop(): void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/simulator/cli.ts', '--sandbox-port', '0', '--production-port', '0', '--empty'],
    {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const match = /sandbox=(\S+)/.exec(out)
      if (match) resolve(match[1]!)
    })
    child.on('exit', (code) => reject(new Error(`simulator exited with ${code}`)))
  })
  return { url, stop: () => void child.kill('SIGTERM') }
}

/** Signed GET /api/v1/wallets per second over one loopback pool; every request is signed ahead, once. */
export default async function bench(): Promise<Record<string, number>> {
  const sim = await startChild()
  try {
    const sc = simConsole(sim.url)
    await sc.settings({ rate_limit_per_minute: 10_000_000 })
    const ws = await sc.createWorkspace('Bench')
    await sc.createWallet(ws.id, 'Bench wallet', [
      { asset: 'ETH', network: 'ethereum', amount: '12.5', available: '12.5', decimals: 18 },
      { asset: 'USDC', network: 'polygon', amount: '1000', available: '900', decimals: 6 },
    ])
    const key = generateEd25519Key()
    const keyId = await sc.registerEd25519Key(ws.id, key.publicKeyBase64)
    const requests = Array.from({ length: PRESIGNED }, () => {
      const path = withRequestId('/api/v1/wallets')
      return { path, headers: signHeaders(keyId, key, 'GET', path) }
    })
    const pool = new Pool(sim.url, { connections: CONNECTIONS, pipelining: 1 })
    let next = 0
    let ok = 0
    let failed = 0
    const started = performance.now()
    const deadline = started + DURATION_MS
    const worker = async () => {
      while (performance.now() < deadline && next < requests.length) {
        const r = requests[next++]!
        const res = await pool.request({ method: 'GET', path: r.path, headers: r.headers })
        await res.body.text()
        if (res.statusCode === 200) ok++
        else failed++
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
    const seconds = (performance.now() - started) / 1000
    await pool.close()
    if (failed > 0) throw new Error(`${failed} signed requests failed during the benchmark`)
    return { simulator_signed_get_per_s: Math.round(ok / seconds) }
  } finally {
    sim.stop()
  }
}
