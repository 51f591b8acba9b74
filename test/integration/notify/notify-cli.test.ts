import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cli } from '../../harness/cli-runner'

describe('payout-desk notify: clear usage errors', () => {
  let home: string
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'notify-cli-'))
    const made = await cli(home, [
      'profile',
      'add',
      '--name',
      'Ops',
      '--env',
      'sandbox',
      '--base-url',
      'http://127.0.0.1:9',
    ])
    expect(made.code, made.stderr).toBe(0)
  })
  afterAll(() => rm(home, { recursive: true, force: true }))

  it.each([
    [['notify', 'add', '--profile', 'Ops'], /exactly one of --slack-webhook, --webhook, --email/],
    [['notify', 'add', '--profile', 'Ops', '--webhook', 'https://x', '--email', 'a@b.c'], /exactly one/],
    [['notify', 'add', '--profile', 'Ops', '--email', 'a@b.c'], /--email needs --smtp/],
    [
      ['notify', 'add', '--profile', 'Ops', '--webhook', 'https://x', '--smtp', 'smtps://h'],
      /--smtp goes with --email/,
    ],
    [['notify', 'set', '--profile', 'Ops'], /at least one setting/],
    [['notify', 'set', '--profile', 'Ops', '--remind-after', 'soon'], /whole number of minutes/],
    [['notify', 'set', '--profile', 'Ops', '--quiet', '22-7'], /HH:MM-HH:MM/],
    [['notify', 'set', '--profile', 'Ops', '--digest', '9am'], /HH:MM, or off/],
    [['notify', 'set', '--profile', 'Ops', '--expires-after', '0'], /number of hours/],
    [['notify', 'remove', '--profile', 'Ops'], /--name is required/],
  ])('%j', async (args, message) => {
    const r = await cli(home, args)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(message)
  })

  it('refuses a webhook over plain http elsewhere without echoing it, and an unknown time zone', async () => {
    const plain = await cli(home, ['notify', 'add', '--profile', 'Ops', '--webhook', 'http://hooks.example/s3cr3t'])
    expect(plain.code).toBe(1)
    expect(plain.stderr).toMatch(/only on this machine/)
    expect(plain.stderr).not.toContain('s3cr3t')
    const zone = await cli(home, ['notify', 'set', '--profile', 'Ops', '--time-zone', 'Mars/Olympus'])
    expect(zone.code).toBe(1)
    expect(zone.stderr).toMatch(/no time zone Intl knows/)
    const listed = await cli(home, ['notify', 'list', '--profile', 'Ops'])
    expect(listed.stdout).toMatch(/No notification channel yet/)
    expect(listed.stdout).toMatch(/Remind after 30 min, escalate after 120 min/)
  })
})
