import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { checkPeer, tokenFromUrl, tokensMatch, type DemoGate } from './connection-checks'

/** The bridge script the server adds to index.html: it gives the page the same `window.desk` as the preload. */
export const BRIDGE_SCRIPT_PATH = '/desk-bridge.js'

/** Same policy as the renderer's meta tag, sent as a header too so it also covers non-HTML answers. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src " +
  "'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

export function cookieName(gate: DemoGate): string {
  // Cookies ignore ports: one name per port keeps two demos on one machine apart.
  return `payout_desk_demo_${new URL(gate.origin).port}`
}

/**
 * Serves the built renderer. The first page load carries `?token=`; it sets an HttpOnly, SameSite=Strict
 * cookie so the page's own assets load without the token in every URL. Anything else is refused.
 */
export async function serveRendererFile(
  req: IncomingMessage,
  res: ServerResponse,
  rootDir: string,
  gate: DemoGate,
): Promise<void> {
  const peer = checkPeer(req, gate)
  if (!peer.ok) return refuse(res, peer.status, peer.reason)
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'The demo serves files only (GET).')

  const queryToken = tokenFromUrl(req.url)
  const setCookie = queryToken !== null
  if (
    queryToken !== null
      ? !tokensMatch(queryToken, gate.token)
      : !tokensMatch(readCookie(req, cookieName(gate)), gate.token)
  ) {
    return refuse(
      res,
      403,
      'This demo only answers the link it printed in the terminal (it carries a token for this run).',
    )
  }

  const file = resolveInside(rootDir, new URL(req.url ?? '/', gate.origin).pathname)
  if (!file) return refuse(res, 400, 'Bad path.')
  const body = await readFileIfAny(file)
  if (!body) return refuse(res, 404, 'Not found.')

  const isIndex = file === join(rootDir, 'index.html')
  const payload = isIndex ? injectBridge(body.toString('utf8')) : body
  res.writeHead(200, {
    ...securityHeaders(),
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Content-Length': Buffer.byteLength(payload),
    ...(setCookie ? { 'Set-Cookie': `${cookieName(gate)}=${gate.token}; Path=/; HttpOnly; SameSite=Strict` } : {}),
  })
  res.end(req.method === 'HEAD' ? undefined : payload)
}

/** Adds the bridge as a classic script: it runs before the app's deferred module script. */
export function injectBridge(html: string): string {
  const tag = `<script src="${BRIDGE_SCRIPT_PATH}"></script>`
  if (!html.includes('</head>')) throw new Error('The built index.html has no </head>: cannot add the demo bridge.')
  return html.replace('</head>', `    ${tag}\n  </head>`)
}

export function refuse(res: ServerResponse, status: number, reason: string): void {
  const body = `${reason}\n`
  res.writeHead(status, {
    ...securityHeaders(),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  })
  res.end(body)
}

function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    // The page URL carries the token: never send it on as a referrer.
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  }
}

function resolveInside(rootDir: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '')
  const full = normalize(join(rootDir, relative))
  return full.startsWith(rootDir.endsWith(sep) ? rootDir : rootDir + sep) ? full : null
}

async function readFileIfAny(file: string): Promise<Buffer | null> {
  try {
    if (!(await stat(file)).isFile()) return null
    return await readFile(file)
  } catch {
    return null
  }
}

function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return null
}
