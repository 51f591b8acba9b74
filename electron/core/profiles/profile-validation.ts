import { LIMITS } from '../../../shared/api/limits'
import { isEncodable, NOT_ENCODABLE, quoteInput } from '../../../shared/api/text'
import { plainTextProblem } from '../../../shared/text/plain-text'
import { DeskError } from '../errors'
import type { Environment } from './profile'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost'])
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/

/**
 * Checks a base URL and returns its normalised form (no trailing slash).
 * https everywhere; plain http only for a simulator on this machine, in either environment, so the
 * production look and checks can be tried against the simulator's production listener.
 */
export function normalizeBaseUrl(raw: string): string {
  // URL() would quietly turn a lone surrogate into U+FFFD: a base URL other than the one typed.
  if (!isEncodable(raw)) throw new DeskError('invalid_input', `The base URL ${NOT_ENCODABLE}.`)
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new DeskError('invalid_input', `${quoteInput(raw)} is not a valid URL. Use the form https://api.example.com.`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new DeskError('invalid_input', `The base URL must start with https:// (got ${quoteInput(url.protocol, 16)}).`)
  }
  if (url.username || url.password) throw new DeskError('invalid_input', 'The base URL must not contain a user name or password.')
  if (url.search || url.hash || raw.includes('?') || raw.includes('#')) {
    throw new DeskError('invalid_input', 'The base URL must not contain a query string or fragment.')
  }
  if (url.protocol === 'http:') {
    if (!LOOPBACK_HOSTS.has(url.hostname)) {
      throw new DeskError('invalid_input', 'Plain http:// is allowed only for a local simulator on 127.0.0.1 or localhost; use https://.')
    }
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

export function validateProfileName(raw: string, existing: readonly { name: string; id: string }[], selfId?: string): string {
  const name = raw.trim()
  if (!isEncodable(name)) throw new DeskError('invalid_input', `The profile name ${NOT_ENCODABLE}.`)
  const problem = plainTextProblem(name)
  if (problem) throw new DeskError('invalid_input', `The profile name ${problem}.`)
  if (name.length === 0 || name.length > 80) throw new DeskError('invalid_input', 'A profile name has 1 to 80 characters.')
  const clash = existing.find((p) => p.id !== selfId && p.name.toLowerCase() === name.toLowerCase())
  if (clash) throw new DeskError('invalid_input', `A profile named "${clash.name}" already exists. Choose another name.`)
  return name
}

/** A Key ID as the console issued it: printable ASCII, up to the API's id limit. */
export function validateKeyId(raw: string): string {
  const keyId = raw.trim()
  if (keyId.length === 0) throw new DeskError('invalid_input', 'The Key ID is empty. Paste the Key ID the console showed.')
  if (keyId.length > LIMITS.id) throw new DeskError('invalid_input', `A Key ID has at most ${LIMITS.id} characters (got ${keyId.length}).`)
  if (!PRINTABLE_ASCII.test(keyId)) throw new DeskError('invalid_input', 'A Key ID contains only printable ASCII characters without spaces.')
  return keyId
}

export function validateEnvironment(raw: string): Environment {
  if (raw === 'sandbox' || raw === 'production') return raw
  throw new DeskError('invalid_input', `The environment is "sandbox" or "production" (got ${quoteInput(raw)}).`)
}
