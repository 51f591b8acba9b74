/**
 * Child process for the keychain-unavailable test: runs each vault operation once against the platform keychain and
 * prints one JSON line of their outcomes (`ok` or the error's code and message). The test starts it with a D-Bus
 * address that points nowhere. Run: node --import tsx keychain-ops-child.ts
 */
import { KeyringSecretStore, Vault } from '../../electron/core/vault'

export type KeychainOpsResult = Record<string, 'ok' | { code: unknown; message: unknown }>

const vault = new Vault(new KeyringSecretStore())
const results: KeychainOpsResult = {}
for (const [name, op] of Object.entries({
  generate: () => vault.generateEd25519('p_nobus', 'active'),
  read: () => vault.publicKey('p_nobus', 'active'),
  remove: () => vault.deleteAll('p_nobus'),
})) {
  try {
    await op()
    results[name] = 'ok'
  } catch (e) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    results[name] = { code, message }
  }
}
console.log(JSON.stringify(results))
