import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const DAEMON = join(import.meta.dirname, '..', 'keychain-daemon.sh')

export interface KeychainBus {
  /** DBUS_SESSION_BUS_ADDRESS for the processes that should use this keychain. */
  address: string
  close(): void
}

/**
 * A D-Bus session of its own whose Secret Service is started on demand (and again after an abort), as
 * test/with-keychain.sh does for a whole run: each test worker gets one, so two workers never load, or lose, one
 * gnome-keyring daemon together.
 */
export function startKeychainBus(): KeychainBus {
  const scratch = mkdtempSync(join(tmpdir(), 'payout-desk-keychain-'))
  const data = join(scratch, 'data')
  const runtime = join(scratch, 'run')
  mkdirSync(join(data, 'dbus-1', 'services'), { recursive: true })
  mkdirSync(runtime, { mode: 0o700 })
  writeFileSync(
    join(data, 'dbus-1', 'services', 'org.freedesktop.secrets.service'),
    `[D-BUS Service]\nName=org.freedesktop.secrets\nExec=${DAEMON}\n`,
  )
  // The bus hands its environment to the daemons it starts: the keyring keeps its files and socket in the scratch.
  const env = { ...process.env, XDG_DATA_HOME: data, XDG_RUNTIME_DIR: runtime }
  const bus = spawnSync('dbus-daemon', ['--session', '--fork', '--print-address=1', '--print-pid=1'], {
    env,
    encoding: 'utf8',
  })
  const [address, pid] = bus.stdout.trim().split('\n')
  if (bus.status !== 0 || !address || !pid) throw new Error(`dbus-daemon did not start: ${bus.stderr}`)
  return {
    address,
    close() {
      // The keyring daemon leaves with its bus.
      process.kill(Number(pid))
      rmSync(scratch, { recursive: true, force: true })
    },
  }
}
