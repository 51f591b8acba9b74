/**
 * Reads one list from a provider at `url` in a process of its own, so a test can give it a small
 * heap (--max-old-space-size) and see whether refusing a hostile answer fits in it.
 * Prints a JSON ListAnswerResult; the process dies before printing if it runs out of memory.
 * Run: node --max-old-space-size=256 --import tsx list-answer-child.ts <url>
 */
import { ApiClient } from '../../electron/core/api/api-client'
import { Pacer } from '../../electron/core/api/pacer'
import { RequestSender } from '../../electron/core/api/request-sender'
import { createEd25519Signer } from '../../electron/core/signing'

export interface ListAnswerResult {
  error: { name: string; code: string; message: string } | null
  /** How far the process's peak resident size rose while it read and refused the answer, in MiB. */
  peakRssGrowthMb: number
}

const peakRssMb = () => process.resourceUsage().maxRSS / 1024

const sender = new RequestSender({
  baseUrl: process.argv[2]!,
  signer: createEd25519Signer('key-1', new Uint8Array(32).fill(7)),
  pacer: new Pacer({ limit: 1000, windowSeconds: 1 }),
  audit: { record: () => undefined },
  maxAttempts: 1,
})
let error: ListAnswerResult['error'] = null
const before = peakRssMb()
try {
  await new ApiClient(sender, 'interactive').listWallets()
} catch (err) {
  const e = err as { name: string; code: string; message: string }
  error = { name: e.name, code: e.code, message: e.message }
}
await sender.close()
const result: ListAnswerResult = {
  error,
  peakRssGrowthMb: peakRssMb() - before,
}
process.stdout.write(`${JSON.stringify(result)}\n`)
