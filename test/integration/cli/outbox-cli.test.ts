import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { profileDir, type Profile } from '../../../electron/core/profiles'
import { openProfileStore } from '../../../electron/core/session/profile-store'
import { DESTINATION, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

// Runs under test/with-keychain.sh: "outbox cancel" opens the profile's session like the app does.
let f: ConnectorFixture
let p: Profile

const NOT_BEFORE = '2031-01-02T03:04:05.000Z'
const body = (amount: string) => ({
  wallet_id: 'w1',
  asset: 'ETH',
  amount,
  destination: DESTINATION,
  network: 'ethereum-sepolia',
})

/**
 * Entries recorded the way the app records them: a payout the provider asked to wait for, and one held for a person.
 */
async function record(): Promise<void> {
  const store = openProfileStore(profileDir(f.home, p.id), 'test')
  try {
    const outbox = Outbox.open(store)
    await outbox.add(body('1.5'), 'app', new Date(), 'waiting-1', { state: 'queued', notBefore: NOT_BEFORE })
    await outbox.add(body('2'), 'agent', new Date(), 'held-1', { state: 'held' })
  } finally {
    store.close()
  }
}

beforeAll(async () => {
  f = await startConnectorFixture()
  p = await f.profile('ops')
  await record()
}, 60_000)

afterAll(async () => {
  await f?.close()
})

describe('payout-desk outbox', () => {
  it('says until when a waiting payout waits', async () => {
    const listed = await f.cli(['outbox', '--profile', 'ops'])
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout).toMatch(
      new RegExp(`^waiting-1\\s+queued until ${NOT_BEFORE.replace(/\./g, '\\.')}\\s+-\\s+app\\s.*1\\.5 ETH`, 'm'),
    )
    expect(listed.stdout).toMatch(/^held-1\s+held\s/m)
  })

  it("cancel drops a waiting payout, as the app's Cancel does, and refuses anything else", async () => {
    const held = await f.cli(['outbox', 'cancel', 'held-1', '--profile', 'ops'])
    expect(held).toMatchObject({ code: 1, stderr: expect.stringMatching(/held-1 is held, not waiting to be sent/) })
    const missing = await f.cli(['outbox', 'cancel', 'x'.repeat(500), '--profile', 'ops'])
    expect(missing).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/There is no payout "x{60}"… \(500 characters\)/),
    })

    const cancelled = await f.cli(['outbox', 'cancel', 'waiting-1', '--profile', 'ops'])
    expect(cancelled, cancelled.stderr).toMatchObject({
      code: 0,
      stdout: 'Cancelled waiting-1; it will not be sent.\n',
    })
    const after = JSON.parse((await f.cli(['outbox', '--profile', 'ops', '--json'])).stdout) as {
      entries: Array<{ idempotencyKey: string; state: string }>
    }
    expect(after.entries.find((e) => e.idempotencyKey === 'waiting-1')).toMatchObject({ state: 'discarded' })
    expect(after.entries.find((e) => e.idempotencyKey === 'held-1')).toMatchObject({ state: 'held' })
    expect((await f.cli(['outbox', 'cancel', 'waiting-1', '--profile', 'ops'])).stderr).toMatch(
      /is discarded, not waiting/,
    )
  })

  it('usage names both forms', async () => {
    const help = await f.cli(['outbox', '--help'])
    expect(help.stdout).toContain('Usage: payout-desk outbox --profile N [--json]')
    expect(help.stdout).toContain('Usage: payout-desk outbox cancel KEY --profile N')
    expect((await f.cli(['outbox', 'cancel', '--profile', 'ops'])).code).toBe(2)
  })

  it('piped into a reader that stops early (| head): exits 0 without a word, no EPIPE stack', async () => {
    const bulk = await f.profile('bulk')
    const store = openProfileStore(profileDir(f.home, bulk.id), 'test')
    try {
      await Outbox.open(store).addMany(
        Array.from({ length: 3000 }, (_, i) => ({ body: body(`${i + 1}`), options: { state: 'queued' as const } })),
        'app',
      )
    } finally {
      store.close()
    }
    const bin = join(import.meta.dirname, '../../../bin/payout-desk.js')
    const child = spawn(process.execPath, [bin, 'outbox', '--profile', 'bulk', '--home', f.home, '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c))
    // Like head: read the first piece, then close the pipe while the CLI is still writing.
    child.stdout.once('data', () => child.stdout.destroy())
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)))
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
  }, 120_000)
})
