import { statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * MCP hosts start the connector with only HOME, LOGNAME, PATH, SHELL, TERM and USER, so on Linux libsecret is not told
 * where the D-Bus session bus is and the keychain looks absent. Desktop Linux keeps that bus at a fixed place.
 */
export interface BusProbe {
  env: Record<string, string | undefined>
  uid: number
  /** True when `path` is a socket someone can connect to. */
  isSocket(path: string): boolean
}

/**
 * The session bus address from the environment, else the user's bus socket where desktop Linux puts it; null when none.
 */
export function findSessionBus({ env, uid, isSocket }: BusProbe): string | null {
  if (env.DBUS_SESSION_BUS_ADDRESS) return env.DBUS_SESSION_BUS_ADDRESS
  const candidates = [env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'bus') : null, `/run/user/${uid}/bus`]
  const found = candidates.find((path) => path !== null && isSocket(path))
  return found ? `unix:path=${found}` : null
}

/** The `env` entry to add to an MCP host's configuration when no bus could be found. */
export function missingBusAdvice(uid: number): string {
  return (
    'No D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set (MCP hosts pass only a few variables to the ' +
    'servers they start) ' +
    `and there is no bus socket at $XDG_RUNTIME_DIR/bus or /run/user/${uid}/bus. ` +
    `Add to this server's entry in the host's configuration: "env": { "DBUS_SESSION_BUS_ADDRESS": ` +
    `"unix:path=/run/user/${uid}/bus" } ` +
    '(the value is what `echo $DBUS_SESSION_BUS_ADDRESS` prints in your desktop session).'
  )
}

/**
 * Why the keychain cannot be reached over this bus address, or null when it may be. Only a single `unix:path=` address
 * can be checked without talking to the bus; other forms (abstract sockets, tcp, lists) are left to the keyring.
 */
export function sessionBusProblem(
  address: string | null,
  { uid, isSocket }: Pick<BusProbe, 'uid' | 'isSocket'>,
): string | null {
  if (address === null) return missingBusAdvice(uid)
  const path = /^unix:path=([^,;]+)(,[^;]*)?$/.exec(address)?.[1]
  if (path !== undefined && !isSocket(path)) {
    return (
      `DBUS_SESSION_BUS_ADDRESS is "${address}", but no D-Bus session bus listens at ${path}. Set it to ` +
      `the address your desktop session uses.`
    )
  }
  return null
}

function isSocket(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isSocket() ?? false
}

/**
 * On Linux, points this process (and the keyring library inside it) at the user's session bus when nobody said where it
 * is. Returns why the keychain cannot be reached when there is no bus to talk to, else null.
 */
export function adoptSessionBus(): string | null {
  if (process.platform !== 'linux') return null
  const probe: BusProbe = { env: process.env, uid: process.getuid?.() ?? 0, isSocket }
  const address = findSessionBus(probe)
  if (address) process.env.DBUS_SESSION_BUS_ADDRESS = address
  return sessionBusProblem(address, probe)
}
