import { execFileSync } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { KeyringSecretStore } from '../../../electron/core/vault'

// Runs under test/with-keychain.sh: this worker's own D-Bus session starts gnome-keyring on demand, and again after it
// died, as a desktop session does. gnome-keyring now and then aborts under load; a call in flight then fails.
const store = new KeyringSecretStore()
const account = `p_restart${Math.random().toString(16).slice(2)}`

/** The process that owns the Secret Service on this worker's bus (started on demand by the first call). */
function secretServicePid(): number {
  const reply = execFileSync(
    'dbus-send',
    [
      '--session',
      '--print-reply',
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.GetConnectionUnixProcessID',
      'string:org.freedesktop.secrets',
    ],
    { encoding: 'utf8' },
  )
  return Number(/uint32 (\d+)/.exec(reply)![1])
}

/** Holds the daemon still, lets `call` reach it, then kills it: the call is in flight when its Secret Service dies. */
async function dieDuring<T>(call: () => Promise<T>): Promise<T> {
  const pid = secretServicePid()
  process.kill(pid, 'SIGSTOP')
  const answer = call()
  // The call needs no more than its own D-Bus round trip to be waiting on the stopped daemon.
  await new Promise((done) => setTimeout(done, 500))
  process.kill(pid, 'SIGKILL')
  return answer
}

describe('a Secret Service that dies in the middle of a call', () => {
  afterEach(async () => {
    await store.delete(account)
  })

  it('a save is made again to the one D-Bus starts in its place, and reads back', async () => {
    await store.set(account, 'first')
    const died = secretServicePid()
    await expect(dieDuring(() => store.set(account, 'second'))).resolves.toBeUndefined()
    expect(secretServicePid()).not.toBe(died)
    await expect(store.get(account)).resolves.toBe('second')
  })

  it('a read is asked again and answers what was saved', async () => {
    await store.set(account, 'kept')
    await expect(dieDuring(() => store.get(account))).resolves.toBe('kept')
  })
})
