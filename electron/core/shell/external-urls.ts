import { isLoopbackHost } from '../../../shared/api/base-url'

/**
 * The one rule for a URL the app opens outside itself: https anywhere, or the local simulator's console on loopback.
 * Everything else (file:, javascript:, http to other hosts, custom schemes) is refused.
 */
export function isAllowedExternalUrl(url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.username || parsed.password) return false
  if (parsed.protocol === 'https:') return true
  return parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname) && parsed.pathname.startsWith('/_console/')
}
