import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
}

export interface StaticServer {
  url: string
  close(): Promise<void>
}

/**
 * Cross-origin isolation: the page's clock then ticks in microseconds instead of 100 µs steps (for the bench's frame
 * times).
 */
const ISOLATED = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }

/** Serves a built renderer on 127.0.0.1 (module scripts do not load from file://). */
export async function serveStatic(
  root: string,
  { isolated = false }: { isolated?: boolean } = {},
): Promise<StaticServer> {
  const base = resolve(root)
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = normalize(join(base, path === '/' ? 'index.html' : path))
    if (!file.startsWith(base)) {
      res.writeHead(403).end()
      return
    }
    stat(file).then(
      (s) => {
        if (!s.isFile()) return void res.writeHead(404).end()
        res.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cache-control': 'no-store',
          ...(isolated ? ISOLATED : {}),
        })
        createReadStream(file).pipe(res)
      },
      () => res.writeHead(404).end(),
    )
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((ok) => server.close(() => ok())),
  }
}
