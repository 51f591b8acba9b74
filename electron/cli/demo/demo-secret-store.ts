import { randomUUID } from 'node:crypto'
import { KeyringSecretStore, type SecretStore } from '../../core/vault'
import { DemoMemorySecretStore } from './memory-secret-store'

export interface DemoSecrets {
  store: SecretStore
  /** True when no keychain answered and keys live in this process only. */
  inMemory: boolean
  /** Removes every key this run stored: its profiles vanish with the temporary data directory. */
  forgetAll(): Promise<void>
}

const PROBE_TIMEOUT_MS = 10_000

/** The OS keychain when it answers a set/get/delete round trip; otherwise (demo only) memory. */
export async function demoSecretStore(keychain: SecretStore = new KeyringSecretStore()): Promise<DemoSecrets> {
  if (await keychainWorks(keychain)) return trackedKeychain(keychain)
  const memory = new DemoMemorySecretStore()
  return { store: memory, inMemory: true, forgetAll: async () => memory.clear() }
}

async function keychainWorks(keychain: SecretStore): Promise<boolean> {
  const account = `demo-probe-${randomUUID()}`
  const probe = async () => {
    await keychain.set(account, 'probe')
    const ok = (await keychain.get(account)) === 'probe'
    await keychain.delete(account)
    return ok
  }
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)))
  try {
    return await Promise.race([probe(), timeout])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

function trackedKeychain(keychain: SecretStore): DemoSecrets {
  const written = new Set<string>()
  const store: SecretStore = {
    get: (account) => keychain.get(account),
    async set(account, value) {
      await keychain.set(account, value)
      written.add(account)
    },
    async delete(account) {
      written.delete(account)
      return keychain.delete(account)
    },
  }
  return {
    store,
    inMemory: false,
    async forgetAll() {
      for (const account of written) await keychain.delete(account).catch(() => false)
      written.clear()
    },
  }
}
