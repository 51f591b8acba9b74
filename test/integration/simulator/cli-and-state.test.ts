import { afterEach, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator } from '../../../electron/simulator'
import { simConsole } from '../../harness/sim-console'
import { tsChild } from '../../harness/ts-child'
import { generateEd25519Key, signedFetch } from '../../harness/test-signer'

const READY = /^simulator ready sandbox=(http:\/\/127\.0\.0\.1:\d+) production=(http:\/\/127\.0\.0\.1:\d+)$/
const children: ChildProcess[] = []
const CLI_CHILD = join(import.meta.dirname, '../../harness/simulator-cli-child.ts')
// Each child leads a process group of its own: `npx tsx` runs the simulator two processes below it, which a kill of
// npx alone left running after every suite.
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) process.kill(-c.pid!, 'SIGKILL')
})

/**
 * The simulator's command line in one process from this run's bundle (0.4 CPU-s a start, against 2.3 under
 * `npx tsx`), so signals reach the simulator itself; `asUser` runs it with `npx tsx` as a user does.
 */
function runCli(
  args: string[],
  asUser = false,
): { child: ChildProcess; firstLine: Promise<string>; exit: Promise<number | null> } {
  const [command, prefix] = asUser
    ? ['npx', ['tsx', 'electron/simulator/cli.ts']]
    : [process.execPath, tsChild(CLI_CHILD)]
  const child = spawn(command, [...prefix, ...args], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  children.push(child)
  let out = ''
  const firstLine = new Promise<string>((resolve) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      if (out.includes('\n')) resolve(out.split('\n')[0]!)
    })
    child.on('exit', () => resolve(out))
  })
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, firstLine, exit }
}

describe('command line', () => {
  it('prints exactly the ready line and serves both environments', async () => {
    const run = runCli(['--sandbox-port', '0', '--production-port', '0'], true)
    const match = READY.exec(await run.firstLine)
    expect(match).not.toBeNull()
    for (const url of [match![1]!, match![2]!])
      expect((await simConsole(url).workspaces()).map((w) => w.id)).toContain('ws-demo')
  })

  it.each(['SIGTERM', 'SIGINT'] as const)('closes, flushes state and exits 0 on %s', async (signal) => {
    const file = join(mkdtempSync(join(tmpdir(), 'sim-cli-')), 'state.json')
    const run = runCli(['--sandbox-port', '0', '--production-port', '0', '--empty', '--state', file])
    const sandbox = READY.exec(await run.firstLine)![1]!
    await simConsole(sandbox).createWorkspace('Kept')
    run.child.kill(signal)
    expect(await run.exit).toBe(0)
    expect(JSON.parse(readFileSync(file, 'utf8')).sandbox.workspaces[0].name).toBe('Kept')
  })

  it.each([['--bogus'], ['--sandbox-port', 'abc'], ['--sandbox-port'], ['--state']])(
    'exits 2 with a message on %s',
    async (...args) => {
      const run = runCli(args)
      let err = ''
      run.child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
      expect(await run.exit).toBe(2)
      expect(err).toMatch(/usage/)
    },
  )
})

describe('--state', () => {
  it('keeps keys, destinations and withdrawals across a restart, written atomically', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sim-state-')), 'state.json')
    const first = await startSimulator({ sandboxPort: 0, productionPort: 0, stateFile: file, quiet: true })
    const key = generateEd25519Key()
    const keyId = await simConsole(first.sandbox.url).registerEd25519Key('ws-demo', key.publicKeyBase64)
    const cancel = (
      await signedFetch(first.sandbox.url, keyId, key, 'GET', '/api/v1/withdrawals?limit=100')
    ).body.data.find((w: { status: string }) => w.status === 'pending_approval')
    expect(
      (await signedFetch(first.sandbox.url, keyId, key, 'POST', `/api/v1/withdrawals/${cancel.id}/cancel`)).status,
    ).toBe(200)
    await first.close()
    expect(JSON.parse(readFileSync(file, 'utf8')).sandbox.keys).toHaveLength(1)

    const second = await startSimulator({ sandboxPort: 0, productionPort: 0, stateFile: file, quiet: true })
    const res = await signedFetch(second.sandbox.url, keyId, key, 'GET', `/api/v1/withdrawals/${cancel.id}`)
    expect(res.status).toBe(200)
    expect(res.body.data.status).toBe('cancelled')
    await second.close()
  })
})
