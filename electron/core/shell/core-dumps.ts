import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { log } from './stderr-log'

const PRLIMIT = '/usr/bin/prlimit'

export interface CoreDumpDeps {
  /** Electron's `app`: where its data folder is, and where a crash reporter would write. */
  app: { getPath(name: 'userData'): string; setPath(name: 'crashDumps', path: string): void }
  platform: NodeJS.Platform
  pid: number
  hasPrlimit?: () => boolean
  run?: (file: string, args: string[], done: (err: Error | null) => void) => void
}

/**
 * Keeps the main process's memory (which briefly holds a signing key) out of crash files where the
 * platform lets an app do so without native code:
 * - the crash reporter is never started, and its folder is pinned inside the app's own data folder
 *   rather than a shared temp location, should anything ever start it;
 * - on Linux, RLIMIT_CORE of this process is lowered to 1 byte with util-linux `prlimit` (Node has no
 *   setrlimit). 1, not 0: a kernel piping cores to systemd-coredump ignores 0 but treats 1 as "no core".
 * PR_SET_DUMPABLE would also stop other processes reading memory, but needs a native module.
 * macOS and Windows write no core files of an app by default; nothing is done there.
 */
export function preventCoreDumps({
  app,
  platform,
  pid,
  hasPrlimit = () => existsSync(PRLIMIT),
  run = defaultRun,
}: CoreDumpDeps): void {
  app.setPath('crashDumps', join(app.getPath('userData'), 'crash-dumps'))
  if (platform !== 'linux') return
  if (!hasPrlimit()) return log.warn('prlimit not found: core dumps of the main process stay as the system sets them')
  run(PRLIMIT, ['--pid', String(pid), '--core=1:1'], (err) => {
    if (err) log.warn(`could not lower the core dump limit: ${err.message}`)
  })
}

function defaultRun(file: string, args: string[], done: (err: Error | null) => void): void {
  execFile(file, args, { timeout: 5_000 }, (err) => done(err))
}
