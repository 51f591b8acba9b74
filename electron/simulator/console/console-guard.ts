import type { IncomingMessage } from 'node:http'

/**
 * Why a console request must be refused, or null. The console mints keys and shows their secrets, so
 * only the machine's own pages may reach it: the Host must name the listener's own address and port
 * (a rebound DNS name does not), an Origin must be the listener's own (a page elsewhere, or an opaque
 * `null`, is not), and a body must be declared JSON (a form post cannot declare it without CORS).
 * A request without a body and without a Content-Type (a bodiless action from a script) passes.
 */
export function consoleRefusal(req: IncomingMessage): string | null {
  const own = ownHost(req)
  if (req.headers.host !== own)
    return (
      `The console answers requests addressed to its own loopback address and port only: open ` +
      `http://${own}/_console/.`
    )
  const origin = req.headers.origin
  if (origin !== undefined && origin !== `http://${own}`) return 'The console answers pages of its own origin only.'
  const type = req.headers['content-type']
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined
  if ((type !== undefined || hasBody) && !isJson(type)) return 'The console takes application/json bodies only.'
  return null
}

/** `address:port` the connection arrived at (IPv6 in brackets), which is what a Host naming this listener says. */
function ownHost(req: IncomingMessage): string {
  const address = (req.socket.localAddress ?? '').replace(/^::ffff:/, '')
  return `${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`
}

function isJson(type: string | undefined): boolean {
  return type !== undefined && type.split(';', 1)[0]!.trim().toLowerCase() === 'application/json'
}
