import { beforeEach, describe, expect, it, vi } from 'vitest'

// The keyring library stand-in: it "saves" like @napi-rs/keyring does when it silently falls back to the kernel
// keyring, while the Secret Service (what findCredentialsAsync asks) holds nothing.
const kernel = new Map<string, string>()
const secretService = new Map<string, string>()
// Errors the next searches throw, one per call, before it answers as usual.
const failures: Error[] = []
let calls = 0
vi.mock('@napi-rs/keyring', () => ({
  AsyncEntry: class {
    constructor(
      private readonly service: string,
      private readonly account: string,
    ) {}
    async setPassword(value: string) {
      kernel.set(this.account, value)
    }
    async deletePassword() {
      return kernel.delete(this.account)
    }
  },
  findCredentialsAsync: async () => {
    calls++
    const failure = failures.shift()
    if (failure) throw failure
    return [...secretService].map(([account, password]) => ({ account, password }))
  },
}))

const { KeyringSecretStore } = await import('../../../electron/core/vault/keyring-secret-store')

describe('the keyring library falling back to the kernel keyring', () => {
  beforeEach(() => {
    kernel.clear()
    secretService.clear()
    failures.length = 0
    calls = 0
    process.env.DBUS_SESSION_BUS_ADDRESS ??= 'unix:path=/dev/null'
  })

  it('a save the Secret Service does not hold is taken back and refused', async () => {
    const store = new KeyringSecretStore('svc')
    await expect(store.set('p1', 'secret')).rejects.toMatchObject({ code: 'keychain_unavailable' })
    expect(kernel.has('p1')).toBe(false)
  })

  it('a read asks the Secret Service only: what the fallback holds is never returned', async () => {
    kernel.set('p1', 'left over')
    await expect(new KeyringSecretStore('svc').get('p1')).resolves.toBeNull()
  })

  it('what the Secret Service holds is read and saved as usual', async () => {
    secretService.set('p2', 'kept')
    const store = new KeyringSecretStore('svc')
    await expect(store.get('p2')).resolves.toBe('kept')
    await expect(store.get('p3')).resolves.toBeNull()
  })

  it('a call whose Secret Service left the bus mid-call is made again while it stays away (five calls at most); a refusal is not', async () => {
    secretService.set('p4', 'kept')
    const store = new KeyringSecretStore('svc')
    failures.push(
      new Error('Platform failure: DBus error: Message recipient disconnected from message bus without replying'),
    )
    await expect(store.get('p4')).resolves.toBe('kept')
    expect(calls).toBe(2)

    // Seen under load beside a neighbour's delete: the secret came wrapped in a session the daemon no longer has.
    calls = 0
    failures.push(new Error('Platform failure: DBus error: The session wrapping the secret does not exist'))
    await expect(store.get('p4')).resolves.toBe('kept')
    expect(calls).toBe(2)

    // The pauses between the calls pass on a fake clock.
    vi.useFakeTimers()
    try {
      calls = 0
      const away = () => new Error("Couldn't access platform storage: AccessDenied")
      failures.push(away(), away(), away())
      const back = store.get('p4')
      await vi.runAllTimersAsync()
      await expect(back).resolves.toBe('kept')
      expect(calls).toBe(4)

      calls = 0
      failures.push(
        ...Array.from({ length: 5 }, () => new Error('Platform failure: DBus error: The session does not exist')),
      )
      const gone = store.get('p4')
      void gone.catch(() => undefined)
      await vi.runAllTimersAsync()
      await expect(gone).rejects.toMatchObject({ code: 'keychain_unavailable' })
      expect(calls).toBe(5)
    } finally {
      vi.useRealTimers()
    }

    calls = 0
    failures.push(new Error("Couldn't access platform storage: Prompt dismissed"))
    await expect(store.get('p4')).rejects.toMatchObject({ code: 'keychain_unavailable' })
    expect(calls).toBe(1)
  })
})
