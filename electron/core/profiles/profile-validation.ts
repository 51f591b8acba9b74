import { LIMITS } from '../../../shared/api/limits'
import { checkBaseUrl } from '../../../shared/api/base-url'
import { isEncodable, NOT_ENCODABLE, quoteInput } from '../../../shared/api/text'
import { plainTextProblem } from '../../../shared/text/plain-text'
import { DeskError } from '../errors'
import type { Environment } from './profile'

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/

/** Checks a base URL by the one rule every surface applies (shared/api/base-url) and returns its normalised form. */
export function normalizeBaseUrl(raw: string): string {
  const checked = checkBaseUrl(raw)
  if ('problem' in checked) throw new DeskError('invalid_input', checked.problem)
  return checked.url
}

export function validateProfileName(
  raw: string,
  existing: readonly { name: string; id: string }[],
  selfId?: string,
): string {
  const name = raw.trim()
  if (!isEncodable(name)) throw new DeskError('invalid_input', `The profile name ${NOT_ENCODABLE}.`)
  const problem = plainTextProblem(name)
  if (problem) throw new DeskError('invalid_input', `The profile name ${problem}.`)
  if (name.length === 0 || name.length > 80)
    throw new DeskError('invalid_input', 'A profile name has 1 to 80 characters.')
  const clash = existing.find((p) => p.id !== selfId && p.name.toLowerCase() === name.toLowerCase())
  if (clash)
    throw new DeskError('invalid_input', `A profile named "${clash.name}" already exists. Choose another name.`)
  return name
}

/** A Key ID as the console issued it: printable ASCII, up to the API's id limit. */
export function validateKeyId(raw: string): string {
  const keyId = raw.trim()
  if (keyId.length === 0)
    throw new DeskError('invalid_input', 'The Key ID is empty. Paste the Key ID the console showed.')
  if (keyId.length > LIMITS.id)
    throw new DeskError('invalid_input', `A Key ID has at most ${LIMITS.id} characters (got ${keyId.length}).`)
  if (!PRINTABLE_ASCII.test(keyId))
    throw new DeskError('invalid_input', 'A Key ID contains only printable ASCII characters without spaces.')
  return keyId
}

export function validateEnvironment(raw: string): Environment {
  if (raw === 'sandbox' || raw === 'production') return raw
  throw new DeskError('invalid_input', `The environment is "sandbox" or "production" (got ${quoteInput(raw)}).`)
}
