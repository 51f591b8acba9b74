import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface Received {
  path: string
  body: string
}

/**
 * A local HTTP receiver standing in for Slack and a generic webhook: it keeps every POST and answers `status(path)`
 * (200 unless a test says otherwise).
 */
export interface WebhookReceiver {
  url: string
  received: Received[]
  failing: Set<string>
  close(): Promise<void>
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = []
  const failing = new Set<string>()
  const server: Server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      const path = req.url ?? ''
      if (failing.has(path)) {
        res.writeHead(500).end('down')
        return
      }
      received.push({ path, body })
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failing,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export interface Mail {
  from: string
  to: string[]
  user: string | null
  raw: string
}

/** A real SMTP server in the test process (plain, on loopback, with a password), keeping every mail it accepts. */
export async function startMailServer(user: string, password: string) {
  const mails: Mail[] = []
  const server = new SMTPServer({
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, done) {
      if (auth.username === user && auth.password === password) done(null, { user })
      else done(new Error('bad credentials'))
    },
    onData(stream, session, done) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => (raw += chunk))
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : null,
          raw,
        })
        done()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as AddressInfo
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
