import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { simConsole } from '../../harness/sim-console'

// `npm run simulator -- ARGS` (electron/simulator/cli.ts), loaded in this process with its argv, exit and output
// watched.
class Exited extends Error {
  constructor(readonly code: number | undefined) {
    super(`exit ${code}`)
  }
}

let stdout: string
let stderr: string
let signals: Record<'SIGINT' | 'SIGTERM', unknown[]>
const argv = process.argv

beforeEach(() => {
  stdout = ''
  stderr = ''
  signals = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') }
  vi.spyOn(process.stdout, 'write').mockImplementation((t) => ((stdout += String(t)), true))
  vi.spyOn(process.stderr, 'write').mockImplementation((t) => ((stderr += String(t)), true))
})
afterEach(() => {
  process.argv = argv
  for (const name of ['SIGINT', 'SIGTERM'] as const)
    for (const fn of process.listeners(name)) if (!signals[name].includes(fn)) process.off(name, fn)
  vi.restoreAllMocks()
})

/** Loads the CLI with these arguments; `exit` stops it where it exits (a usage error stops before anything starts). */
async function load(args: string[], exit: 'throws' | 'records'): Promise<{ exited: Promise<number | undefined> }> {
  let exited!: (code: number | undefined) => void
  const code = new Promise<number | undefined>((resolve) => (exited = resolve))
  vi.spyOn(process, 'exit').mockImplementation((c) => {
    exited(c as number | undefined)
    if (exit === 'throws') throw new Exited(c as number | undefined)
    return undefined as never
  })
  process.argv = [argv[0]!, 'cli.ts', ...args]
  vi.resetModules()
  await import('../../../electron/simulator/cli').catch((err: unknown) => {
    if (!(err instanceof Exited)) throw err
  })
  return { exited: code }
}

describe('usage errors stop before anything listens (exit 2, usage on stderr)', () => {
  it.each([
    [['--sandbox-port'], '--sandbox-port needs a port number from 0 to 65535'],
    [['--production-port', '65536'], '--production-port needs a port number from 0 to 65535'],
    [['--sandbox-port', '-1'], '--sandbox-port needs a port number from 0 to 65535'],
    [['--state'], '--state needs a file path'],
    [['--state', '--empty'], '--state needs a file path'],
    [['--seed', 'demo'], 'unknown argument --seed'],
  ])('%j', async (args, message) => {
    expect(await (await load(args, 'throws')).exited).toBe(2)
    expect(stderr).toBe(
      `simulator: ${message}\nusage: npm run simulator -- [--sandbox-port N] [--production-port N] [--empty] [--state FILE]\n`,
    )
    expect(stdout).toBe('')
  })
})

describe('a run', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sim-cli-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('says where it listens, serves both environments, and on SIGTERM saves its state and exits 0', async () => {
    const state = join(dir, 'state.json')
    const { exited } = await load(
      ['--sandbox-port', '0', '--production-port', '0', '--empty', '--state', state],
      'records',
    )
    await vi.waitFor(() =>
      expect(stdout).toMatch(
        /^simulator ready sandbox=http:\/\/127\.0\.0\.1:\d+ production=http:\/\/127\.0\.0\.1:\d+\n$/,
      ),
    )
    const [, sandbox, production] = /sandbox=(\S+) production=(\S+)/.exec(stdout)!
    for (const url of [sandbox!, production!]) expect((await fetch(`${url}/_console/`)).status).toBe(200)
    // --empty: no demo workspace, and no banner about one.
    expect(stderr).toBe('')
    expect(JSON.parse(await readFile(state, 'utf8')).sandbox.workspaces).toEqual([])
    await simConsole(sandbox!).createWorkspace('Kept')

    const stop = process.listeners('SIGTERM').find((fn) => !signals.SIGTERM.includes(fn))!
    stop('SIGTERM')
    stop('SIGTERM')
    expect(await exited).toBe(0)
    expect(process.exit).toHaveBeenCalledTimes(1)
    await expect(fetch(`${sandbox}/_console/`)).rejects.toThrow()
    // Saved on the way out, without waiting for the debounce.
    expect(JSON.parse(await readFile(state, 'utf8')).sandbox.workspaces.map((w: { name: string }) => w.name)).toEqual([
      'Kept',
    ])
  })

  it('a port already taken ends it with the reason and exit 1', async () => {
    const taken: Server = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    try {
      const port = String((taken.address() as AddressInfo).port)
      expect(await (await load(['--sandbox-port', port, '--production-port', '0'], 'records')).exited).toBe(1)
      expect(stderr).toMatch(
        new RegExp(`^simulator: listen EADDRINUSE: address already in use 127\\.0\\.0\\.1:${port}\\n$`),
      )
      expect(stdout).toBe('')
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })
})
