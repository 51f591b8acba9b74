import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import type { Mail } from './notify-receivers'

/** A CA made for one test run and a server certificate it signed for 127.0.0.1, 127.0.0.2 and localhost. */
export interface TestCertificates {
  ca: string
  key: string
  cert: string
}

export async function makeTestCertificates(): Promise<TestCertificates> {
  const dir = await mkdtemp(join(tmpdir(), 'smtp-tls-'))
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' })
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  try {
    ssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', '/CN=Payout Desk test CA')
    ssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1')
    await writeFile(
      join(dir, 'ext.cnf'),
      'subjectAltName=IP:127.0.0.1,IP:127.0.0.2,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
    )
    const sign = ['-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '1', '-extfile', 'ext.cnf']
    ssl('x509', '-req', '-in', 'server.csr', ...sign, '-out', 'server.crt')
    const read = (name: string) => readFile(join(dir, name), 'utf8')
    return { ca: await read('ca.crt'), key: await read('server.key'), cert: await read('server.crt') }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * How the server speaks: TLS from the first byte (smtps), plain with STARTTLS offered, or plain without STARTTLS at
 * all (a server, or a man in the middle stripping it, that would take the password in clear).
 */
export type MailServerMode = 'tls' | 'starttls' | 'no-starttls'

/** A real SMTP server on `host` in the test process, with a password; it keeps every mail and every login tried. */
export async function startTlsMailServer(
  mode: MailServerMode,
  certs: TestCertificates,
  { host, user, password }: { host: string; user: string; password: string },
) {
  const mails: Array<Mail & { secure: boolean }> = []
  const logins: string[] = []
  const server = new SMTPServer({
    secure: mode === 'tls',
    ...(mode === 'no-starttls'
      ? { disabledCommands: ['STARTTLS'], allowInsecureAuth: true }
      : { key: certs.key, cert: certs.cert }),
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, done) {
      logins.push(auth.password ?? '')
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
          secure: session.secure,
        })
        done()
      })
    },
  })
  // A TLS handshake the desk refuses ends in a socket error on the server's side: expected here, not a failure.
  server.on('error', () => undefined)
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()))
  const { port } = server.server.address() as AddressInfo
  return {
    port,
    mails,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
