import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { systemNodeIsOlder, SYSTEM_NODE } from '../../harness/system-node'

const older = systemNodeIsOlder()

/** Gone, or a zombie nobody reaped yet: either way it runs no more. */
function gone(pid: number): boolean {
  if (!existsSync(`/proc/${pid}`)) return true
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z')
  } catch {
    return true
  }
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(true))
  })

describe('the payout-desk launcher ended by a signal', () => {
  it.runIf(older).each(['SIGKILL', 'SIGTERM'] as const)(
    '%s ends the pinned-Node process it started, which stops its work (a demo removes its data)',
    async (signal) => {
      const launcher = spawn(SYSTEM_NODE, ['bin/payout-desk.js', 'demo', '--no-open'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let out = ''
      let err = ''
      launcher.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')))
      launcher.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')))
      let worker = 0
      try {
        while (!/demo ready http:\/\/127\.0\.0\.1:(\d+)\//.test(out)) {
          if (launcher.exitCode !== null) throw new Error(`the demo did not start: ${err}`)
          await new Promise((r) => setTimeout(r, 50))
        }
        const port = Number(/127\.0\.0\.1:(\d+)\//.exec(out)![1])
        worker = Number(readFileSync(`/proc/${launcher.pid}/task/${launcher.pid}/children`, 'utf8').trim())
        expect(worker).toBeGreaterThan(0)
        expect(await refused(port)).toBe(false)

        process.kill(launcher.pid!, signal)
        // The worker ends, and with it the demo it served (its listener may close a moment after the process).
        while (!gone(worker)) await new Promise((r) => setTimeout(r, 50))
        while (!(await refused(port))) await new Promise((r) => setTimeout(r, 50))
        // It stopped as on Ctrl+C, not cut off: its temporary data is removed.
        while (!err.includes('demo: SIGTERM, stopping and removing')) await new Promise((r) => setTimeout(r, 50))
      } finally {
        if (worker > 0 && !gone(worker)) process.kill(worker, 'SIGKILL')
        if (launcher.exitCode === null) launcher.kill('SIGKILL')
      }
    },
    120_000,
  )
})
