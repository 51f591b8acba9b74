import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { DeskError } from '../errors'
import type { PassphraseHash } from './person'

/**
 * scrypt's cost: N = 2^15, r = 8, p = 1 (about 32 MiB and 50-100 ms a try), the OWASP minimum for scrypt; written
 * down with each hash so a later build can raise them. docs/operator-guide.md says the same.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const
/** scrypt's cost parameters; a hash carries the ones it was made with, which its check reads back. */
export interface ScryptCost {
  N: number
  r: number
  p: number
}
const KEY_BYTES = 32
export const MIN_PASSPHRASE_CHARS = 8

function derive(passphrase: string, salt: Buffer, params: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 }
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

/**
 * A new passphrase's hash, after checking it is long enough to be worth hashing. `cost` is for tests only (the desk
 * and the CLI never pass it), which would otherwise spend most of their CPU here.
 */
export async function hashPassphrase(passphrase: string, cost: ScryptCost = SCRYPT_PARAMS): Promise<PassphraseHash> {
  if ([...passphrase].length < MIN_PASSPHRASE_CHARS)
    throw new DeskError('invalid_input', `A passphrase is at least ${MIN_PASSPHRASE_CHARS} characters.`)
  const salt = randomBytes(16)
  const key = await derive(passphrase, salt, cost)
  return {
    algorithm: 'scrypt',
    N: cost.N,
    r: cost.r,
    p: cost.p,
    salt: salt.toString('base64'),
    hash: key.toString('base64'),
  }
}

/** Whether `passphrase` is the one `stored` was made from; compared in constant time. */
export async function passphraseMatches(passphrase: string, stored: PassphraseHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64')
  const key = await derive(passphrase, Buffer.from(stored.salt, 'base64'), stored)
  return key.length === expected.length && timingSafeEqual(key, expected)
}
