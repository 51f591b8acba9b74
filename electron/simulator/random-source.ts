import { randomBytes } from 'node:crypto'

/** A source of bytes: the seeded PRNG for demo data, the OS otherwise. */
export interface RandomSource {
  bytes(n: number): Uint8Array
  /** Float in [0, 1). */
  next(): number
}

/** Deterministic generator (mulberry32) so demo data is the same on every start. */
export function seededRandom(seed: number): RandomSource {
  let s = seed >>> 0
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    bytes(n) {
      const out = new Uint8Array(n)
      for (let i = 0; i < n; i++) out[i] = Math.floor(next() * 256)
      return out
    },
  }
}

export const osRandom: RandomSource = {
  bytes: (n) => new Uint8Array(randomBytes(n)),
  next: () => randomBytes(4).readUInt32BE(0) / 4294967296,
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}

/** A version 4 UUID built from the source's bytes. */
export function uuidFrom(source: RandomSource): string {
  const b = source.bytes(16)
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = hex(b)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

export function pick<T>(source: RandomSource, items: readonly T[]): T {
  return items[Math.floor(source.next() * items.length)]!
}
