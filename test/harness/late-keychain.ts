import { execFileSync } from 'node:child_process'

/** The process that owns the Secret Service on this process's bus (started on demand by the first call). */
export function secretServicePid(): number {
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

/**
 * Holds the Secret Service still for `ms` while `call` runs, as a loaded machine starves it: the keychain answers that
 * late. The keyring library's own calls give up after 2 s.
 */
export async function lateBy<T>(ms: number, call: () => Promise<T>): Promise<T> {
  const pid = secretServicePid()
  process.kill(pid, 'SIGSTOP')
  const held = new Promise((done) => setTimeout(done, ms)).then(() => process.kill(pid, 'SIGCONT'))
  try {
    return await call()
  } finally {
    await held
  }
}
