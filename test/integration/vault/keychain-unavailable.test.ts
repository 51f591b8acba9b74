import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)

// A child process whose D-Bus address points nowhere: there is no Secret Service to talk to.
const SCRIPT = `
import { KeyringSecretStore, Vault } from './electron/core/vault/index.ts'
const vault = new Vault(new KeyringSecretStore())
const results = {}
for (const [name, op] of Object.entries({
  generate: () => vault.generateEd25519('p_nobus', 'active'),
  read: () => vault.publicKey('p_nobus', 'active'),
  remove: () => vault.deleteAll('p_nobus'),
})) {
  try { await op(); results[name] = 'ok' } catch (e) { results[name] = { code: e.code, message: e.message } }
}
console.log(JSON.stringify(results))
`

describe('keychain unavailable', () => {
  it('every vault operation fails with keychain_unavailable and per-platform advice, never a fallback', async () => {
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', DISPLAY: '' }
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      env,
      cwd: process.cwd(),
    })
    const results = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, { code: string; message: string }>
    for (const name of ['generate', 'read', 'remove']) {
      expect(results[name]?.code).toBe('keychain_unavailable')
      expect(results[name]?.message).toMatch(
        /Linux: .*gnome-keyring.*macOS: .*Keychain Access.*Windows: .*Credential Manager/,
      )
    }
  })
})
