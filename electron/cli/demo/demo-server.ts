import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { serveBridgeConnection, type Dispatch, type Subscribe } from './bridge-connection'
import { checkBridgeConnection, type DemoGate } from './connection-checks'
import { refuse, serveRendererFile } from './renderer-files'

/** Where the page's bridge script connects (same origin, so CSP `connect-src 'self'` allows it). */
export const BRIDGE_PATH = '/desk-bridge'
const MAX_MESSAGE_BYTES = 1024 * 1024

export interface DemoServerOptions {
  /** The built renderer (`out/renderer`). */
  rendererDir: string
  dispatch: Dispatch
  subscribe: Subscribe
  /** 0 picks a free port. */
  port?: number
  log?: (line: string) => void
}

export interface DemoServer {
  /** The link to open: `http://127.0.0.1:<port>/?token=<token>`. */
  url: string
  origin: string
  port: number
  token: string
  close(): Promise<void>
}

/** Serves the renderer and the `window.desk` bridge on one loopback port, behind a per-run token. */
export async function startDemoServer(options: DemoServerOptions): Promise<DemoServer> {
  const token = randomBytes(32).toString('base64url')
  const gate: DemoGate = { token, origin: '' }
  const log = options.log ?? (() => undefined)

  const server = createServer((req, res) => {
    serveRendererFile(req, res, options.rendererDir, gate).catch((err: unknown) => {
      log(`demo: could not serve ${req.url ?? ''}: ${err instanceof Error ? err.message : String(err)}`)
      if (!res.headersSent) refuse(res, 500, 'The demo could not read that file.')
      else res.destroy()
    })
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname
    const verdict =
      path === BRIDGE_PATH
        ? checkBridgeConnection(req, gate)
        : ({ ok: false, status: 400, reason: 'No bridge here.' } as const)
    if (!verdict.ok) {
      log(`demo: refused a bridge connection from ${req.socket.remoteAddress ?? '?'}: ${verdict.reason}`)
      const body = `${verdict.reason}\n`
      socket.end(
        `HTTP/1.1 ${verdict.status} ${verdict.status === 403 ? 'Forbidden' : 'Bad Request'}\r\n` +
          `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ` +
          `${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      )
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveBridgeConnection(ws, options.dispatch, options.subscribe))
  })
  server.on('clientError', (_err, socket) => socket.destroy())

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  gate.origin = `http://127.0.0.1:${port}`

  return {
    url: `${gate.origin}/?token=${token}`,
    origin: gate.origin,
    port,
    token,
    async close() {
      for (const client of wss.clients) client.terminate()
      wss.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
