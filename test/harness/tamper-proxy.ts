import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Rewrites the JSON body of the n-th answer to a transaction list; null leaves it as the provider sent it. */
export type Tamper = (
  body: { data: Array<Record<string, unknown>>; meta: Record<string, unknown> },
  listCall: number,
) => unknown | null

/**
 * A pass-through between the client and the simulator that can damage a transaction page on its
 * way back, as a faulty provider would. Requests pass unchanged, so their signatures still hold.
 */
export async function tamperProxy(target: string): Promise<{
  url: string
  tamper: Tamper | null
  readonly listCalls: number
  /** Requests it matches wait, unsent, until `releaseHeld()` (a provider slow to answer, a pacer's wait). */
  hold: ((method: string, path: string) => boolean) | null
  readonly held: number
  releaseHeld(): void
  close(): Promise<void>
}> {
  let listCalls = 0
  const state = {
    tamper: null as Tamper | null,
    hold: null as ((method: string, path: string) => boolean) | null,
    held: [] as Array<() => void>,
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      if (state.hold?.(req.method!, new URL(req.url!, target).pathname))
        await new Promise<void>((r) => state.held.push(r))
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'connection'),
      ) as Record<string, string>
      const answer = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      })
      let text = await answer.text()
      const isList = req.method === 'GET' && new URL(req.url!, target).pathname === '/api/v1/transactions'
      if (isList && answer.status === 200) {
        listCalls++
        const changed = state.tamper?.(JSON.parse(text), listCalls)
        if (changed !== null && changed !== undefined) text = JSON.stringify(changed)
      }
      const out: Record<string, string> = {}
      answer.headers.forEach((v, k) => {
        if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection' && k !== 'keep-alive') out[k] = v
      })
      res.writeHead(answer.status, out)
      res.end(text)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get tamper() {
      return state.tamper
    },
    set tamper(t: Tamper | null) {
      state.tamper = t
    },
    get hold() {
      return state.hold
    },
    set hold(h: ((method: string, path: string) => boolean) | null) {
      state.hold = h
    },
    get held() {
      return state.held.length
    },
    releaseHeld() {
      state.hold = null
      for (const release of state.held.splice(0)) release()
    },
    /** Transaction lists the simulator answered with 200 so far. */
    get listCalls() {
      return listCalls
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r())
        server.closeAllConnections()
      }),
  }
}
