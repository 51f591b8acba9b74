import { isEncodable, NOT_ENCODABLE, quoteInput } from './text'

/** Host names of this machine, as URL() writes them (an IPv6 literal keeps its brackets). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname)
}

/**
 * The one rule for a profile's base URL, for every surface and both environments: https anywhere; plain http only
 * on this machine (127.0.0.1, ::1, localhost), so the production look and checks can be tried on the simulator's
 * production listener (still marked PRODUCTION and still confirmed). Returns the normalised URL (no trailing
 * slash) or why the text is no base URL.
 */
export function checkBaseUrl(raw: string): { url: string } | { problem: string } {
  // URL() would quietly turn a lone surrogate into U+FFFD: a base URL other than the one typed.
  if (!isEncodable(raw)) return { problem: `The base URL ${NOT_ENCODABLE}.` }
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { problem: `${quoteInput(raw)} is not a valid URL. Use the form https://api.example.com.` }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { problem: `The base URL must start with https:// (got ${quoteInput(url.protocol, 16)}).` }
  if (url.username || url.password) return { problem: 'The base URL must not contain a user name or password.' }
  if (url.search || url.hash || raw.includes('?') || raw.includes('#'))
    return { problem: 'The base URL must not contain a query string or fragment.' }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      problem: 'Plain http:// is allowed only for a local simulator on 127.0.0.1, ::1 or localhost; use https://.',
    }
  }
  return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` }
}
