import { DeskError } from '../errors'

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/

/** A legacy HMAC secret as issued: non-empty printable ASCII, without surrounding spaces (a sign of a bad paste). */
export function validateHmacSecret(secret: string): string {
  if (secret.length === 0)
    throw new DeskError('invalid_input', 'The HMAC secret is empty. Paste the secret the console issued.')
  if (!PRINTABLE_ASCII.test(secret)) {
    throw new DeskError(
      'invalid_input',
      'The HMAC secret contains non-printable or non-ASCII characters. Paste it again exactly as issued.',
    )
  }
  if (secret.trim() !== secret)
    throw new DeskError(
      'invalid_input',
      'The HMAC secret starts or ends with a space. Paste it again without the spaces.',
    )
  if (secret.length > 512) throw new DeskError('invalid_input', 'The HMAC secret is longer than 512 characters.')
  return secret
}
