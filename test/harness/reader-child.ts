/**
 * A second (third, ...) process on one profile store that reads as fast as its pacer lets it:
 * it opens its own ProfileSession (so its pacer uses the store's shared request log, as the app
 * and the connector do), prints "ready", waits for a line on stdin so every reader starts
 * together, sends `requests` GET /wallets one after another, then prints a JSON ReaderResult.
 * Run: node --import tsx reader-child.ts '<json ReaderJob>'
 */
import { createInterface } from 'node:readline'
import { EventBus } from '../../electron/core/event-bus'
import type { Profile } from '../../electron/core/profiles'
import { createEd25519Signer } from '../../electron/core/signing'
import { ProfileSession } from '../../electron/core/session/session'

export interface ReaderJob {
  dataDir: string
  profile: Profile
  secretHex: string
  pacing: { limit: number; windowSeconds: number }
  requests: number
}

export interface ReaderResult {
  pid: number
  served: number
  failed: number
}

const job = JSON.parse(process.argv[2]!) as ReaderJob
const session = await ProfileSession.open(job.profile, {
  dataDir: job.dataDir,
  role: 'test',
  events: new EventBus(),
  openSigner: async (p) => createEd25519Signer(p.keyId!, Buffer.from(job.secretHex, 'hex')),
  pacing: job.pacing,
})
process.stdout.write('ready\n')
await new Promise<void>((resolve) =>
  createInterface({ input: process.stdin }).once('line', resolve).once('close', resolve),
)
const result: ReaderResult = { pid: process.pid, served: 0, failed: 0 }
for (let i = 0; i < job.requests; i++) {
  try {
    await session.client.listWallets()
    result.served++
  } catch (err) {
    result.failed++
    process.stderr.write(`reader-child: ${(err as Error).message}\n`)
  }
}
await session.close()
process.stdout.write(`${JSON.stringify(result)}\n`)
