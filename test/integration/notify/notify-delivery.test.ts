import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { saveDestination } from '../../../electron/core/destinations/use-cases'
import { EventBus } from '../../../electron/core/event-bus'
import { profileDir, ProfileStore, type Profile } from '../../../electron/core/profiles'
import { ProfileSession } from '../../../electron/core/session/session'
import { createEd25519Signer } from '../../../electron/core/signing'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { cli } from '../../harness/cli-runner'
import { startMailServer, startWebhookReceiver, type WebhookReceiver } from '../../harness/notify-receivers'

// Runs under test/with-keychain.sh: the channels' URLs and the SMTP password live in the real keychain.
const MIN = 60_000
const EVIL = '<!channel> @here <https://evil.example/pay|Approve now> *urgent* Acme'
const SMTP_PASSWORD = 'smtp-pass-7f3c1a'

describe('approvers are told where they work, once, and a failing channel never stops a payout', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let hooks: WebhookReceiver
  let mail: Awaited<ReturnType<typeof startMailServer>>
  let dataDir: string
  let profile: Profile
  let evilDestination: string
  // The sessions' clock runs with real time, moved ahead by `ahead` where a test waits out a back-off or a reminder.
  let ahead = 0
  const errors: unknown[] = []
  const system: Array<{ title: string; body: string }> = []
  const slackPath = `/services/T0/B0/slack-secret-${Date.now()}`
  const hookPath = `/workflows/hook-secret-${Date.now()}`
  const escalationPath = `/escalate-secret-${Date.now()}`
  const secrets = () => [slackPath.slice(1), hookPath.slice(1), escalationPath.slice(1), SMTP_PASSWORD]

  const open = async (role: 'app' | 'cli' = 'app') =>
    ProfileSession.open(profile, {
      dataDir,
      role,
      events: new EventBus(),
      openSigner: async () => createEd25519Signer(ws.key.keyId, ws.key.secret),
      now: () => new Date(Date.now() + ahead),
      log: { error: (_what: string, err: unknown) => void errors.push(err) },
      notify: (title, body) => system.push({ title, body }),
    })
  const run = async (args: string[]) => {
    const r = await cli(dataDir, args)
    expect(r.code, r.stderr).toBe(0)
    return r.stdout
  }
  const slack = () => hooks.received.filter((r) => r.path === slackPath)
  const generic = () => hooks.received.filter((r) => r.path === hookPath)
  const escalations = () => hooks.received.filter((r) => r.path === escalationPath)

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    hooks = await startWebhookReceiver()
    mail = await startMailServer('desk@example.com', SMTP_PASSWORD)
    dataDir = await mkdtemp(join(tmpdir(), 'notify-'))
    const profiles = new ProfileStore(dataDir)
    const added = await profiles.add({
      name: 'Ops',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    profile = await profiles.update(added.id, { keyId: ws.key.keyId })
    await run(['notify', 'add', '--profile', 'Ops', '--slack-webhook', `${hooks.url}${slackPath}`, '--name', 'team'])
    await run(['notify', 'add', '--profile', 'Ops', '--webhook', `${hooks.url}${hookPath}`, '--name', 'teams'])
    const smtp = `smtp://desk%40example.com:${SMTP_PASSWORD}@127.0.0.1:${mail.port}`
    await run(['notify', 'add', '--profile', 'Ops', '--email', 'approvers@example.com', '--smtp', smtp])
    await run([
      'notify',
      'add',
      '--profile',
      'Ops',
      '--webhook',
      `${hooks.url}${escalationPath}`,
      '--name',
      'heads',
      '--escalation',
    ])
    // A payee whose name tries every trick a chat message can play, saved the way the desk saves one.
    const session = await open('cli')
    try {
      evilDestination = '0x' + 'ab'.repeat(20)
      const { counterparty } = await saveDestination(
        session,
        {
          network: 'ethereum-sepolia',
          address: evilDestination,
          counterparty_type: 'company',
          company_name: 'Acme',
          label: EVIL,
          wallet_type: 'unhosted',
          country: 'DE',
        },
        { howToAccept: 'test' },
      )
      await consoleCall(sim.sandbox.url, 'POST', `counterparties/${counterparty.id}/verify`)
    } finally {
      await session.close()
    }
  }, 60_000)

  afterEach(() => {
    // Not one byte of a webhook URL's secret path or of the SMTP password anywhere in the data folder.
    for (const secret of secrets()) {
      let found = ''
      try {
        found = execFileSync('grep', ['-rlaF', secret, dataDir], { encoding: 'utf8' })
      } catch {
        found = ''
      }
      expect(found, `secret found in ${found}`).toBe('')
    }
  })

  afterAll(async () => {
    // Removing each channel takes its URL or password out of the keychain too.
    for (const name of ['team', 'teams', 'email approvers@example.com', 'heads'])
      await cli(dataDir, ['notify', 'remove', '--profile', 'Ops', '--name', name])
    await ws.client.sender.close()
    await hooks.close()
    await mail.close()
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('announces a payout once to every approver channel, names as text, never an approve link', async () => {
    const session = await open('app')
    try {
      const { withdrawal } = await session.payouts.request(
        {
          wallet_id: ws.walletId,
          asset: 'USDC',
          network: 'ethereum-sepolia',
          destination: evilDestination,
          amount: '12.5',
        },
        { requestedBy: 'app (Alice)' },
      )
      expect(withdrawal?.status).toBe('pending_approval')
      await expect.poll(() => slack().length, { timeout: 15_000 }).toBe(1)
      await expect.poll(() => generic().length + mail.mails.length, { timeout: 15_000 }).toBe(2)

      const text = (JSON.parse(slack()[0]!.body) as { text: string }).text
      expect(text).not.toContain('<!channel>')
      expect(text).not.toContain('<https://evil.example')
      expect(text).toContain('&lt;!channel&gt;')
      expect(text).toContain('`&lt;!channel&gt; @here &lt;https://evil.example/pay|Approve now&gt; *urgent* Acme`')
      expect(text).toContain('12.5 USDC')
      expect(text).toContain(withdrawal!.id)
      expect(text).toContain('0xababab…abababab')
      expect(text).toContain('Approver words: ')
      expect(text).toContain('app (Alice)')
      expect(text).toContain('Environment: sandbox')
      expect(text).toMatch(/console \(http:\/\/127\.0\.0\.1:\d+\/_console\/\)/)
      expect(text).not.toMatch(/approve\?|\/approve/i)

      const hook = JSON.parse(generic()[0]!.body) as Record<string, unknown>
      expect(hook).toEqual({
        kind: 'payout',
        text: expect.stringContaining('&lt;!channel&gt;'),
        payout_ids: [withdrawal!.id],
        amounts: [{ asset: 'USDC', amount: '12.5' }],
        environment: 'sandbox',
      })
      expect(hook.text).not.toContain('<!channel>')

      const [m] = mail.mails
      expect(m!.to).toEqual(['approvers@example.com'])
      expect(m!.user).toBe('desk@example.com')
      expect(m!.raw).toMatch(/Content-Type: text\/plain/i)
      expect(m!.raw).not.toMatch(/text\/html/i)
      expect(m!.raw).toContain('Payout id: ' + withdrawal!.id)
      expect(escalations()).toEqual([])
    } finally {
      await session.close()
    }
    // Another process opening the profile says nothing again.
    const again = await open('cli')
    await again.close()
    expect(slack()).toHaveLength(1)
    expect(mail.mails).toHaveLength(1)
  }, 60_000)

  it('retries a failing webhook with back-off while the payout goes; list and audit name the channel, not its URL', async () => {
    hooks.failing.add(hookPath)
    const session = await open('app')
    let id = ''
    try {
      const { withdrawal } = await session.payouts.request({ ...ws.target, amount: '3' }, { requestedBy: 'app' })
      expect(withdrawal?.status).toBe('pending_approval')
      id = withdrawal!.id
      await expect.poll(() => slack().some((r) => r.body.includes(id)), { timeout: 15_000 }).toBe(true)
    } finally {
      await session.close()
    }
    expect(generic().some((r) => r.body.includes(id))).toBe(false)
    const listed = await run(['notify', 'list', '--profile', 'Ops'])
    expect(listed).toMatch(/teams\s+webhook\s+approvers\s.*answered HTTP 500/)
    expect(listed).not.toContain(hookPath)

    // The receiver is back; the next process to open the profile, after the back-off, delivers it.
    hooks.failing.delete(hookPath)
    ahead = 2 * MIN
    const later = await open('cli')
    await later.close()
    expect(generic().filter((r) => r.body.includes(id))).toHaveLength(1)
    // Each try is in the audit chain by channel name, kind and outcome; never the URL.
    const db = new DatabaseSync(join(profileDir(dataDir, profile.id), 'desk.db'), { readOnly: true })
    const entries = (db.prepare('SELECT entry FROM audit ORDER BY seq').all() as Array<{ entry: string }>).map(
      (r) => JSON.parse(r.entry) as { path: string; detail: Record<string, unknown> },
    )
    db.close()
    const tries = entries.filter((e) => e.path.startsWith('notify.') && e.detail.channel === 'teams')
    expect(tries.map((e) => e.path)).toContain('notify.failed')
    expect(tries.at(-1)).toMatchObject({ path: 'notify.delivered', detail: { channel_kind: 'webhook' } })
    expect(JSON.stringify(entries)).not.toContain(hookPath.slice(1))
    ahead = 0
    expect(errors).toEqual([])
  }, 60_000)
})
