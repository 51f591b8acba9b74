import { randomUUID } from 'node:crypto'
import { KeyringSecretStore, type SecretStore } from '../../core/vault'
import { noteKeychainAccount } from './demo-leftovers'
import { DemoMemorySecretStore } from './memory-secret-store'

export interface DemoSecrets {
  store: SecretStore
  /** True when no keychain answered and keys live in this process only. */
  inMemory: boolean
  /** The keychain itself, for entries a killed demo left behind; null in memory. */
  keychain: SecretStore | null
  /** Removes every key this run stored: its profiles vanish with the temporary data directory. */
  forgetAll(): Promise<void>
}

const PROBE_TIMEOUT_MS = 10_000

/**
 * The OS keychain when it answers a set/get/delete round trip; otherwise (demo only) memory. With `dataDir`,
 * each account is noted there before it is written, for the next run to remove if this one is killed.
 */
export async function demoSecretStore(
  keychain: SecretStore = new KeyringSecretStore(),
  dataDir?: string,
): Promise<DemoSecrets> {
  if (await keychainWorks(keychain)) return trackedKeychain(keychain, dataDir)
  const memory = new DemoMemorySecretStore()
  return { store: memory, inMemory: true, keychain: null, forgetAll: async () => memory.clear() }
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

function trackedKeychain(keychain: SecretStore, dataDir: string | undefined): DemoSecrets {
  const written = new Set<string>()
  const store: SecretStore = {
    get: (account) => keychain.get(account),
    async set(account, value) {
      if (dataDir) noteKeychainAccount(dataDir, account)
      await keychain.set(account, value)
      written.add(account)
    },
    async delete(account) {
      written.delete(account)
      return keychain.delete(account)
    },
    accounts: () => keychain.accounts(),
  }
  return {
    store,
    inMemory: false,
    keychain,
    async forgetAll() {
      for (const account of written) await keychain.delete(account).catch(() => false)
      written.clear()
    },
  }
}
