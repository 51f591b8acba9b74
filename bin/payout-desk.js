#!/usr/bin/env node
// Runs the bundled admin CLI, building it first when the bundle is missing or older than any source file.
// An MCP host may start this with an older system Node: re-run on the project's pinned Node 24 (node:sqlite).
import { spawn, spawnSync } from 'node:child_process'
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { isatty } from 'node:tty'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bundle = join(root, 'out/cli/payout-desk.mjs')
const NEEDED_MAJOR = 24
const PARENT_PIPE = 'PAYOUT_DESK_PARENT_PIPE'

if (Number(process.versions.node.split('.')[0]) < NEEDED_MAJOR) {
  const pinned = join(root, 'node_modules/node/bin/node')
  if (!existsSync(pinned)) {
    process.stderr.write(
      `payout-desk: needs Node ${NEEDED_MAJOR} or later (this is ${process.version}); install Node ` +
        `${NEEDED_MAJOR}, or run "npm install" in ${root} to get the pinned one.\n`,
    )
    process.exit(1)
  }
  // Fd 3 is a pipe the re-run watches: it closes when this process ends by any signal, SIGKILL included.
  const child = spawn(pinned, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
    env: { ...process.env, [PARENT_PIPE]: '3' },
  })
  // Signals meant for the command reach it; this process ends only with it. Ctrl+C on a terminal reaches the
  // whole process group already, so it is passed on only when there is no terminal (a second one would cut it short).
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
  process.on('SIGINT', () => void (isatty(0) || child.kill('SIGINT')))
  child.on('error', (err) => {
    process.stderr.write(`payout-desk: could not start ${pinned}: ${err.message}\n`)
    process.exit(1)
  })
  child.on('exit', (code) => process.exit(code ?? 1))
  await new Promise(() => {})
}

// Re-run by the launcher above: when the launcher is gone, this process stops too (SIGTERM, so a command that
// cleans up on it does), instead of sending on alone.
if (process.env[PARENT_PIPE]) {
  const { Socket } = await import('node:net')
  const parent = new Socket({ fd: Number(process.env[PARENT_PIPE]), readable: true, writable: false })
  delete process.env[PARENT_PIPE]
  const stop = () => process.kill(process.pid, 'SIGTERM')
  parent.on('end', stop)
  parent.on('error', stop)
  parent.resume()
  parent.unref()
}

// Answered before any build, so it works wherever the launcher does: which app, on which Node (the pinned one when
// re-run).
if (process.argv[2] === '--version') {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  process.stdout.write(`payout-desk ${version} (Node ${process.version})\n`)
  process.exit(0)
}

function newestSource(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path))
    else if (/\.(ts|tsx|mjs|js|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

// Starts run side by side (the connector beside a CLI, tests starting several): the build writes the bundle in place,
// so one start builds while holding the lock and the others wait for it rather than build too or read a half-written
// bundle. The stamp, written once a build has ended, holds the newest source time that build saw.
const stamp = join(root, 'out/cli.stamp')
const lock = join(root, 'out/cli.lock')
// A build takes seconds; a lock this old was left by a process whose pid is in use again.
const LOCK_ABANDONED_MS = 10 * 60 * 1000

function builtFrom() {
  try {
    return Number(readFileSync(stamp, 'utf8'))
  } catch {
    return -1
  }
}
const fresh = (newest) => existsSync(bundle) && builtFrom() >= newest

function takeLock() {
  // Written under a name of its own, then linked: the lock never exists without its holder's pid.
  const mine = `${lock}.${process.pid}`
  writeFileSync(mine, `${process.pid}\n`)
  try {
    linkSync(mine, lock)
    return true
  } catch (err) {
    if (err.code === 'EEXIST') return false
    throw err
  } finally {
    rmSync(mine, { force: true })
  }
}

function lockHolder() {
  try {
    return readFileSync(lock, 'utf8').trim()
  } catch {
    return undefined
  }
}

/** The holder no longer runs, or the lock is too old to trust its pid. */
function abandoned(holder) {
  const pid = Number(holder)
  if (!Number.isInteger(pid) || pid <= 0) return true
  try {
    if (Date.now() - statSync(lock).mtimeMs > LOCK_ABANDONED_MS) return true
    process.kill(pid, 0)
    return false
  } catch (err) {
    return err.code === 'ESRCH'
  }
}

function build(newest) {
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-node.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (built.status !== 0) return false
  writeFileSync(`${stamp}.${process.pid}`, String(newest))
  renameSync(`${stamp}.${process.pid}`, stamp)
  return true
}

async function buildOnce(newest) {
  mkdirSync(join(root, 'out'), { recursive: true })
  for (;;) {
    if (takeLock()) {
      try {
        // Another start may have finished a build between this one's look and its lock.
        return fresh(newest) || build(newest)
      } finally {
        rmSync(lock, { force: true })
      }
    }
    let holder
    while ((holder = lockHolder()) !== undefined && !abandoned(holder)) await sleep(100)
    // A dead holder's lock goes, unless another start has just put its own in its place.
    if (holder !== undefined && lockHolder() === holder) rmSync(lock, { force: true })
    if (fresh(newest)) return true
  }
}

const sources = ['electron', 'shared'].map((d) => join(root, d)).filter((d) => existsSync(d))
// An installed package has no sources beside it: the shipped bundle is what runs.
const newest = sources.length === 0 ? 0 : Math.max(...sources.map(newestSource))
const ready = sources.length === 0 ? existsSync(bundle) : fresh(newest)
if (!ready && !(await buildOnce(newest))) {
  process.stderr.write('payout-desk: building the CLI failed (see above).\n')
  process.exit(1)
}

await import(pathToFileURL(bundle).href)
