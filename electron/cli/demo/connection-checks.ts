import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'

/** What every request and bridge connection must match: the run's token, its own origin, a loopback peer. */
export interface DemoGate {
  token: string
  /** `http://127.0.0.1:<port>`: the only page origin allowed to open the bridge. */
  origin: string
}

export type GateVerdict = { ok: true } | { ok: false; status: 400 | 403; reason: string }

/** Loopback peers only: 127.0.0.0/8 and ::1, including their IPv4-mapped IPv6 form. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address
  if (isIP(plain) === 4) return plain.startsWith('127.')
  return plain === '::1'
}

/** Compares in constant time; hashing first gives equal lengths without leaking the token's length. */
export function tokensMatch(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

export function tokenFromUrl(rawUrl: string | undefined): string | null {
  return new URL(rawUrl ?? '/', 'http://placeholder').searchParams.get('token')
}

/** Checks shared by page requests and bridge connections; the Host check defeats DNS rebinding. */
export function checkPeer(req: IncomingMessage, gate: DemoGate): GateVerdict {
  if (!isLoopbackAddress(req.socket.remoteAddress)) {
    return { ok: false, status: 403, reason: 'The demo only answers this computer (loopback addresses).' }
  }
  if (req.headers.host !== new URL(gate.origin).host) {
    return {
      ok: false,
      status: 403,
      reason: `The demo only answers requests addressed to ${new URL(gate.origin).host}.`,
    }
  }
  return { ok: true }
}

/** A bridge connection needs a loopback peer, the page's own Origin and the run's token in its URL. */
export function checkBridgeConnection(req: IncomingMessage, gate: DemoGate): GateVerdict {
  const peer = checkPeer(req, gate)
  if (!peer.ok) return peer
  if (req.headers.origin !== gate.origin) {
    return { ok: false, status: 403, reason: `The bridge only accepts the demo page itself (origin ${gate.origin}).` }
  }
  const token = tokenFromUrl(req.url)
  if (token === null)
    return { ok: false, status: 403, reason: 'The bridge needs the token of the link the demo printed.' }
  if (!tokensMatch(token, gate.token))
    return { ok: false, status: 403, reason: 'Wrong token: open the link the demo printed for this run.' }
  return { ok: true }
}
