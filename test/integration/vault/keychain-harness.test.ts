import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The suite's keychain is gnome-keyring, which now and then aborts under load. This runs a second, private
// test/with-keychain.sh session, kills its daemon the same way, and checks the very next keychain calls are served
// by an unlocked daemon: before, D-Bus started a locked one and the call waited on a prompt that cannot open.
const ROOT = resolve(import.meta.dirname, '../../..')

describe('the test keychain session', () => {
  it('serves the next call unlocked, with the keys kept, after its daemon aborts', () => {
    const env = { ...process.env }
    delete env.PAYOUT_DESK_KEYCHAIN_READY
    delete env.XDG_DATA_HOME_FOR_TESTS
    delete env.DBUS_SESSION_BUS_ADDRESS
    const run = spawnSync('bash', ['test/with-keychain.sh', 'sh', 'test/fixtures/keychain/daemon-crash.sh'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.stderr).not.toContain("couldn't create system prompt")
    expect(run.stdout).toMatch(/daemon \d+ aborted/)
    expect(run.stdout).toContain('before=one')
    expect(run.stdout).toContain('after=two')
    const [, first] = /daemon (\d+) aborted/.exec(run.stdout) ?? []
    const [, second] = /served by (\d+)/.exec(run.stdout) ?? []
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
    expect(run.status).toBe(0)
  }, 90_000)
})
