import { execFileSync } from 'node:child_process'
import { getCACertificates, setDefaultCACertificates } from 'node:tls'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifySettings } from '../../../electron/core/notify/channels'
import { deliverDue } from '../../../electron/core/notify/delivery'
import { NotifySecrets } from '../../../electron/core/notify/notify-secrets'
import { profileDir, ProfileStore } from '../../../electron/core/profiles'
import { openProfileStore } from '../../../electron/core/session'
import { KeyringSecretStore } from '../../../electron/core/vault'
import { cli } from '../../harness/cli-runner'
import { makeTestCertificates, startTlsMailServer, type TestCertificates } from '../../harness/tls-mail-server'

// Runs under test/with-keychain.sh. The desk trusts the CAs Node trusts (NODE_EXTRA_CA_CERTS adds one); the test adds
// its own CA to those defaults for the part where the certificate is to be trusted, as an admin's extra CA would be.
const USER = 'desk@example.com'
const PASSWORD = `smtp-pass-${Date.now()}`
const HOUR = 3_600_000

describe('email to approvers over TLS and STARTTLS: the certificate is checked and the password never goes in clear', () => {
  let certs: TestCertificates
  let home: string
  let profileId: string
  let tls: Awaited<ReturnType<typeof startTlsMailServer>>
  let starttls: Awaited<ReturnType<typeof startTlsMailServer>>
  let clear: Awaited<ReturnType<typeof startTlsMailServer>>
  const defaultCAs = getCACertificates('default')
  const run = (args: string[]) => cli(home, args)
  const ok = async (args: string[]) => {
    const r = await run(args)
    expect(r.code, r.stderr).toBe(0)
    return r.stdout
  }
  const smtpUrl = (scheme: 'smtp' | 'smtps', host: string, port: number) =>
    `${scheme}://${encodeURIComponent(USER)}:${PASSWORD}@${host}:${port}`

  beforeAll(async () => {
    certs = await makeTestCertificates()
    const login = { user: USER, password: PASSWORD }
    // 127.0.0.2 is this machine but not a name the desk takes for it: smtp:// there must upgrade with STARTTLS.
    tls = await startTlsMailServer('tls', certs, { host: '127.0.0.1', ...login })
    starttls = await startTlsMailServer('starttls', certs, { host: '127.0.0.2', ...login })
    clear = await startTlsMailServer('no-starttls', certs, { host: '127.0.0.2', ...login })
    home = await mkdtemp(join(tmpdir(), 'notify-tls-'))
    await ok(['profile', 'add', '--name', 'Ops', '--env', 'sandbox', '--base-url', 'http://127.0.0.1:9'])
    profileId = (await new ProfileStore(home).list())[0]!.id
    const email = (name: string, smtp: string) =>
      ok(['notify', 'add', '--profile', 'Ops', '--email', 'approvers@example.com', '--smtp', smtp, '--name', name])
    await email('tls', smtpUrl('smtps', '127.0.0.1', tls.port))
    await email('starttls', smtpUrl('smtp', '127.0.0.2', starttls.port))
    await email('clear', smtpUrl('smtp', '127.0.0.2', clear.port))
  }, 60_000)

  afterAll(async () => {
    setDefaultCACertificates(defaultCAs)
    await Promise.all([tls, starttls, clear].map((s) => s?.close()))
    await run(['profile', 'remove', 'Ops', '--yes'])
    await rm(home, { recursive: true, force: true })
  })

  it('refuses a certificate no trusted CA signed, naming TLS; the failure is recorded and retried once trusted', async () => {
    for (const name of ['tls', 'starttls']) {
      const r = await run(['notify', 'test', '--profile', 'Ops', '--name', name])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/not delivered: .*TLS.*certificate/i)
      expect(r.stderr).not.toContain(PASSWORD)
    }
    // The handshake failed before a login: the password never reached either server, nothing was sent.
    expect([...tls.logins, ...starttls.logins]).toEqual([])
    expect([...tls.mails, ...starttls.mails]).toEqual([])
    const listed = await ok(['notify', 'list', '--profile', 'Ops'])
    expect(listed).toMatch(/TLS.*certificate/i)

    // The desk is told to trust the CA; the next process that has the profile open retries what failed.
    setDefaultCACertificates([...defaultCAs, certs.ca])
    const store = openProfileStore(profileDir(home, profileId), 'cli')
    try {
      const secrets = new NotifySecrets(new KeyringSecretStore(), profileId)
      const later = () => new Date(Date.now() + HOUR)
      const sent = await deliverDue({ store, secrets, now: later, actor: 'notify (test)' }, notifySettings(store))
      expect(sent).toBe(2)
    } finally {
      store.close()
    }
    expect(tls.mails).toHaveLength(1)
    expect(starttls.mails).toHaveLength(1)
  }, 60_000)

  it('delivers over implicit TLS (smtps://) and over STARTTLS (smtp://), the session encrypted on both', async () => {
    setDefaultCACertificates([...defaultCAs, certs.ca])
    const before = [tls.mails.length, starttls.mails.length]
    for (const name of ['tls', 'starttls']) {
      expect(await ok(['notify', 'test', '--profile', 'Ops', '--name', name])).toMatch(`${name}: delivered`)
    }
    expect([tls.mails.length, starttls.mails.length]).toEqual(before.map((n) => n + 1))
    for (const m of [...tls.mails, ...starttls.mails]) {
      expect(m).toMatchObject({ secure: true, user: USER, to: ['approvers@example.com'] })
      expect(m.raw).toMatch(/Subject: .*test/i)
    }
  }, 60_000)

  it('never gives the password to a server that does not offer STARTTLS', async () => {
    setDefaultCACertificates([...defaultCAs, certs.ca])
    const r = await run(['notify', 'test', '--profile', 'Ops', '--name', 'clear'])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/not delivered: .*STARTTLS/)
    expect(clear.logins).toEqual([])
    expect(clear.mails).toEqual([])
  }, 60_000)

  it('leaves no byte of the SMTP password in the data folder after all that (grep exits 1 when it finds nothing)', () => {
    expect(() => execFileSync('grep', ['-rlaF', PASSWORD, home])).toThrow()
  })
})
