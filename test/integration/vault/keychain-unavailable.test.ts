import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { KeychainOpsResult } from '../../harness/keychain-ops-child'
import { tsChild } from '../../harness/ts-child'

const run = promisify(execFile)

// The child process's D-Bus address points nowhere: there is no Secret Service to talk to.
const CHILD = join(import.meta.dirname, '../../harness/keychain-ops-child.ts')

describe('keychain unavailable', () => {
  it('every vault operation fails with keychain_unavailable and per-platform advice, never a fallback', async () => {
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', DISPLAY: '' }
    const { stdout } = await run(process.execPath, tsChild(CHILD), { env, cwd: process.cwd() })
    const results = JSON.parse(stdout.trim().split('\n').at(-1)!) as KeychainOpsResult
    for (const name of ['generate', 'read', 'remove']) {
      expect(results[name]).toMatchObject({ code: 'keychain_unavailable' })
      expect((results[name] as { message: string }).message).toMatch(
        /Linux: .*gnome-keyring.*macOS: .*Keychain Access.*Windows: .*Credential Manager/,
      )
    }
  })
})
