import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '../../..')
const STARTED_TOGETHER = 4

/**
 * The launcher's build step is "run scripts/build-node.mjs, which writes out/cli/payout-desk.mjs". This build
 * writes its bundle in two halves with a pause between, as a real build's files grow while it writes them, and
 * notes each build in builds.log; the bundle prints the command it was given.
 */
const SLOW_BUILD = `
import { appendFileSync, closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
appendFileSync(new URL('../builds.log', import.meta.url), process.pid + '\\n')
mkdirSync(new URL('../out/cli/', import.meta.url), { recursive: true })
const bundle = openSync(new URL('../out/cli/payout-desk.mjs', import.meta.url), 'w')
writeSync(bundle, "process.stdout.write('ran ' + ")
await sleep(400)
writeSync(bundle, "process.argv[2] + '\\\\n')\\n")
closeSync(bundle)
`

/** A checkout of its own: the launcher, one source file, the slow build. */
async function ownCheckout(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'launcher-race-'))
  for (const dir of ['bin', 'scripts', 'electron/cli']) await mkdir(join(root, dir), { recursive: true })
  await cp(join(ROOT, 'bin/payout-desk.js'), join(root, 'bin/payout-desk.js'))
  await cp(join(ROOT, 'package.json'), join(root, 'package.json'))
  await writeFile(join(root, 'electron/cli/main.ts'), 'export {}\n')
  await writeFile(join(root, 'scripts/build-node.mjs'), SLOW_BUILD)
  return root
}

async function builds(root: string): Promise<number> {
  const log = await readFile(join(root, 'builds.log'), 'utf8').catch(() => '')
  return log.split('\n').filter(Boolean).length
}

/** N launchers at once: each must run the command, none may fail on a bundle another one is still writing. */
async function startTogether(root: string, count = STARTED_TOGETHER): Promise<void> {
  const runs = Array.from({ length: count }, () =>
    run(process.execPath, [join(root, 'bin/payout-desk.js'), 'status'], { timeout: 60_000 }),
  )
  for (const { stdout, stderr } of await Promise.all(runs))
    expect({ stdout, stderr }).toEqual({ stdout: 'ran status\n', stderr: '' })
}

async function touchSource(root: string, aheadMs: number): Promise<void> {
  const later = new Date(Date.now() + aheadMs)
  await utimes(join(root, 'electron/cli/main.ts'), later, later)
}

describe('payout-desk launchers started together on a stale bundle', () => {
  let root = ''
  beforeAll(async () => {
    root = await ownCheckout()
  })
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true })
  })

  it('with no bundle yet: one builds, the others wait for it, each runs the command', async () => {
    await startTogether(root)
    expect(await builds(root)).toBe(1)
  })

  it('after a source file changed: one rebuilds, each runs the command; then the bundle is fresh', async () => {
    await touchSource(root, 2000)
    await startTogether(root)
    expect(await builds(root)).toBe(2)
    await startTogether(root, 1)
    expect(await builds(root)).toBe(2)
  })

  it('a lock left by a build that died does not stop the next start', async () => {
    await touchSource(root, 4000)
    // A pid above the kernel's highest is never in use.
    await writeFile(join(root, 'out/cli.lock'), '4194305\n')
    await startTogether(root)
    expect(await builds(root)).toBe(3)
  })
})
