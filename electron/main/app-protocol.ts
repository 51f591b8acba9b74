import { net, protocol, type Session } from 'electron'
import { pathToFileURL } from 'node:url'
import { resolveAppFile } from '../core/shell/app-files'
import { APP_SCHEME, CONTENT_SECURITY_POLICY } from '../core/shell/app-origin'

/** Must run before `app.ready`: the scheme is standard and secure so the page gets a real origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ])
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
