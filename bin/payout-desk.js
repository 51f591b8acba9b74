#!/usr/bin/env node
// Runs the bundled admin CLI, building it first when the bundle is missing or older than any source file.
// An MCP host may start this with an older system Node: re-run on the project's pinned Node 24 (node:sqlite).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
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

function isStale() {
  if (!existsSync(bundle)) return true
  const sources = ['electron', 'shared'].map((d) => join(root, d)).filter((d) => existsSync(d))
  // An installed package has no sources beside it: the shipped bundle is what runs.
  if (sources.length === 0) return false
  return Math.max(...sources.map(newestSource)) > statSync(bundle).mtimeMs
}

if (isStale()) {
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-node.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (built.status !== 0) {
    process.stderr.write('payout-desk: building the CLI failed (see above).\n')
    process.exit(1)
  }
}

await import(pathToFileURL(bundle).href)
