import { generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { createEd25519Signer } from '../../electron/core/signing'

/** Ed25519 signatures per second over canonical strings: @noble/ed25519 (what the app uses) vs node:crypto. */
function perSecond(fn: (i: number) => void, ms = 1500): number {
  for (let i = 0; i < 200; i++) fn(i)
  const t0 = performance.now()
  let n = 0
  while (performance.now() - t0 < ms) fn(n++)
  return Math.round(n / ((performance.now() - t0) / 1000))
}

export default async function signingBench(): Promise<Record<string, number>> {
  const messages = Array.from(
    { length: 64 },
    (_, i) =>
      `1700000000\nGET\n/api/v1/wallets?_request_id=${randomBytes(16).toString('hex')}-${i}\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n`,
  )
  const signer = createEd25519Signer('bench', new Uint8Array(randomBytes(32)))
  const { privateKey } = generateKeyPairSync('ed25519')
  const noble = perSecond((i) => signer.sign(messages[i % 64]!))
  const node = perSecond((i) => sign(null, Buffer.from(messages[i % 64]!), privateKey).toString('base64'))
  signer.dispose()
  return { ed25519_noble_per_s: noble, ed25519_node_per_s: node }
}
