import { execFile, execFileSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const SYSTEM_NODE = '/usr/bin/node'
const PINNED_MAJOR = 24

/** The launcher's job is only visible when it is started by a Node older than the one it needs. */
function systemNodeIsOlder(): boolean {
  if (!existsSync(SYSTEM_NODE)) return false
  const version = execFileSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' })
  return Number(version.split('.')[0]) < PINNED_MAJOR
}
const older = systemNodeIsOlder()

describe('bin/payout-desk.js started by an older system Node', () => {
  it.runIf(older)('re-runs itself on the pinned Node 24', async () => {
    const { stdout, stderr } = await run(SYSTEM_NODE, ['bin/payout-desk.js', '--version'], {
      cwd: process.cwd(),
      timeout: 30_000,
    })
    expect(stdout).toMatch(new RegExp(`^payout-desk \\d+\\.\\d+\\.\\d+ \\(Node v${PINNED_MAJOR}\\.\\d+\\.\\d+\\)\\n$`))
    expect(stderr).toBe('')
  })

  it.runIf(older)('without the pinned Node beside it, says in one line what to install', async () => {
    const root = await mkdtemp(join(tmpdir(), 'launcher-'))
    try {
      await mkdir(join(root, 'bin'))
      await copyFile('bin/payout-desk.js', join(root, 'bin/payout-desk.js'))
      const failed = await run(SYSTEM_NODE, [join(root, 'bin/payout-desk.js'), '--version'], { timeout: 30_000 }).catch(
        (e: { code: number; stdout: string; stderr: string }) => e,
      )
      expect(failed).toMatchObject({ code: 1, stdout: '' })
      const lines = (failed as { stderr: string }).stderr.split('\n')
      expect(lines).toEqual([
        expect.stringMatching(
          new RegExp(
            `^payout-desk: needs Node ${PINNED_MAJOR} or later \\(this is v\\d+.*install Node ${PINNED_MAJOR}, or run "npm install" in ${root}`,
          ),
        ),
        '',
      ])
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })

  it.skipIf(older)(
    `needs ${SYSTEM_NODE} older than Node ${PINNED_MAJOR} to show the re-run; this machine has none`,
    () => {
      expect(older).toBe(false)
    },
  )
})
