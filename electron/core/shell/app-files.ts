import { normalize, resolve, sep } from 'node:path'
import { APP_HOST } from './app-origin'

/** Resolves an app:// request path inside the renderer folder; null for anything that escapes it. */
export function resolveAppFile(rendererDir: string, url: string): string | null {
  const parsed = new URL(url)
  if (parsed.host !== APP_HOST) return null
  const relative = decodeURIComponent(parsed.pathname === '/' ? '/index.html' : parsed.pathname)
  const root = resolve(rendererDir)
  const file = resolve(root, normalize(`.${relative}`))
  return file.startsWith(root + sep) ? file : null
}
