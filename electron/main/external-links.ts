import { shell } from 'electron'
import { log } from './log'

/**
 * The one way the app opens a URL outside itself: https anywhere, or the local simulator's console on loopback.
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
  const loopback = parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost'
  return parsed.protocol === 'http:' && loopback && parsed.pathname.startsWith('/_console/')
}

export async function openExternal(url: string): Promise<void> {
  if (!isAllowedExternalUrl(url)) {
    log.warn(`refused to open external URL ${url.slice(0, 200)}`)
    throw new Error('This link cannot be opened: only https links and the local simulator console are allowed.')
  }
  await shell.openExternal(url)
}
