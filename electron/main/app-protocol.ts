import { net, protocol, type Session } from 'electron'
import { normalize, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { APP_HOST, APP_SCHEME, CONTENT_SECURITY_POLICY } from './security-policy'

/** Must run before `app.ready`: the scheme is standard and secure so the page gets a real origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }])
}

/** Resolves a request path inside the renderer folder; null for anything that escapes it. */
export function resolveAppFile(rendererDir: string, url: string): string | null {
  const parsed = new URL(url)
  if (parsed.host !== APP_HOST) return null
  const relative = decodeURIComponent(parsed.pathname === '/' ? '/index.html' : parsed.pathname)
  const root = resolve(rendererDir)
  const file = resolve(root, normalize(`.${relative}`))
  return file.startsWith(root + sep) ? file : null
}

/** Serves the packaged renderer files, and nothing else, under app://desk/ in the app's session. */
export function serveAppFiles(rendererDir: string, target: Session): void {
  target.protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(rendererDir, request.url)
    if (!file) return new Response('Not found', { status: 404 })
    const response = await net.fetch(pathToFileURL(file).toString())
    const headers = new Headers(response.headers)
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    headers.set('X-Content-Type-Options', 'nosniff')
    return new Response(response.body, { status: response.status, headers })
  })
}
