import { execFile, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Where desktop Linux keeps the user's session bus, the place the connector looks when nobody tells it. */
export function userBusPath(uid: number): string {
  return `/run/user/${uid}/bus`
}

/**
 * Test runs on one machine take turns owning /run/user/<uid>/bus (another run's bus would answer this run's "no bus"
 * test). Returns the release of the turn, or why it is someone else's: a live process holds the lock.
 */
export function claimUserBus(uid: number): { release(): void } | string {
  const lock = join(tmpdir(), `payout-desk-user-bus-${uid}.lock`)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' })
      return { release: () => rmSync(lock, { force: true }) }
    } catch {
      const holder = Number(readFileSync(lock, 'utf8'))
      if (alive(holder)) return `another test run (pid ${holder}) owns ${userBusPath(uid)} now (${lock})`
      // Its holder died without releasing it.
      rmSync(lock, { force: true })
    }
  }
  return `could not take ${lock}`
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export interface UserBus {
  address: string
  close(): Promise<void>
}

/**
 * A D-Bus session listening at /run/user/<uid>/bus with an unlocked gnome-keyring of its own (empty, in a temporary
 * data directory), as a desktop login provides. The caller checks first that the socket is not someone else's.
 */
export async function startUserBus(uid: number): Promise<UserBus> {
  const runDir = `/run/user/${uid}`
  const madeRunDir = !existsSync(runDir)
  mkdirSync(runDir, { recursive: true, mode: 0o700 })
  const address = `unix:path=${userBusPath(uid)}`
  const daemon = spawnSync('dbus-daemon', ['--session', `--address=${address}`, '--fork', '--print-pid'], {
    encoding: 'utf8',
  })
  if (daemon.status !== 0) throw new Error(`dbus-daemon did not start: ${daemon.stderr}`)
  const busPid = Number(daemon.stdout.trim())

  const scratch = mkdtempSync(join(tmpdir(), 'user-bus-'))
  mkdirSync(join(scratch, 'run'), { mode: 0o700 })
  // Its own data and runtime directories: the keyring of the tests' usual session is not touched.
  const env = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: address,
    XDG_DATA_HOME: join(scratch, 'data'),
    XDG_RUNTIME_DIR: join(scratch, 'run'),
  }
  const keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
    env,
    stdio: ['pipe', 'ignore', 'ignore'],
  })
  keyring.stdin.end('test')
  const closed = new Promise((resolve) => keyring.once('exit', resolve))

  const close = async () => {
    keyring.kill()
    await closed
    process.kill(busPid)
    rmSync(userBusPath(uid), { force: true })
    if (madeRunDir) rmSync(runDir, { recursive: true, force: true })
    rmSync(scratch, { recursive: true, force: true })
  }
  try {
    await secretServiceOn(address)
  } catch (err) {
    await close()
    throw err
  }
  return { address, close }
}

/**
 * Resolves once the keyring owns org.freedesktop.secrets on the bus and its default collection exists (it registers
 * its name before the password from stdin has made and unlocked the login collection; a write in between can miss it).
 */
async function secretServiceOn(address: string): Promise<void> {
  const ask = async (dest: string, path: string, method: string, arg: string) =>
    (await run('dbus-send', [`--bus=${address}`, '--print-reply', `--dest=${dest}`, path, method, arg])).stdout
  const deadline = Date.now() + 20_000
  for (;;) {
    const owned = (
      await ask(
        'org.freedesktop.DBus',
        '/org/freedesktop/DBus',
        'org.freedesktop.DBus.NameHasOwner',
        'string:org.freedesktop.secrets',
      )
    ).includes('boolean true')
    // ReadAlias answers the object path "/" while there is no default collection.
    if (
      owned &&
      !(
        await ask(
          'org.freedesktop.secrets',
          '/org/freedesktop/secrets',
          'org.freedesktop.Secret.Service.ReadAlias',
          'string:default',
        )
      ).includes('object path "/"\n')
    )
      return
    if (Date.now() > deadline) throw new Error('gnome-keyring-daemon did not offer a default collection within 20 s')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
