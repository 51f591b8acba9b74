import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { electronMock } from './electron-mock'

const electron = vi.hoisted(() => ({ current: null as unknown }))
vi.mock('electron', async () => {
  const { electronMock: make } = await import('./electron-mock')
  electron.current = make()
  return electron.current
})
const mock = () => electron.current as ReturnType<typeof electronMock>

const { appSession, APP_PARTITION } = await import('../../../electron/main/app-session')
const { serveAppFiles } = await import('../../../electron/main/app-protocol')
const { preventCoreDumps } = await import('../../../electron/core/shell/core-dumps')

beforeEach(() => {
  vi.clearAllMocks()
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
})

describe('the app session', () => {
  it('is its own persistent partition with the HTTP cache off', () => {
    const session = appSession()
    expect(APP_PARTITION).toBe('persist:payout-desk')
    expect(mock().session.fromPartition).toHaveBeenCalledWith('persist:payout-desk', { cache: false })
    serveAppFiles('/app/renderer', session)
    expect(session.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function))
    expect(mock().protocol.handle).not.toHaveBeenCalled()
  })
})

describe('core dumps of the main process', () => {
  const app = () => ({ getPath: vi.fn(() => '/home/u/.config/Payout Desk'), setPath: vi.fn() })

  it('on Linux: crash folder inside the app data, core limit lowered to 1 byte with prlimit on this pid', () => {
    const a = app()
    const run = vi.fn()
    preventCoreDumps({ app: a as never, platform: 'linux', pid: 4242, hasPrlimit: () => true, run })
    expect(a.setPath).toHaveBeenCalledWith('crashDumps', '/home/u/.config/Payout Desk/crash-dumps')
    expect(run).toHaveBeenCalledWith('/usr/bin/prlimit', ['--pid', '4242', '--core=1:1'], expect.any(Function))
  })

  it('says so, and goes on, when prlimit is missing or fails', () => {
    const warn = vi.mocked(process.stderr.write)
    preventCoreDumps({ app: app() as never, platform: 'linux', pid: 1, hasPrlimit: () => false, run: vi.fn() })
    expect(String(warn.mock.calls.at(-1)?.[0])).toMatch(/prlimit not found/)
    preventCoreDumps({
      app: app() as never,
      platform: 'linux',
      pid: 1,
      hasPrlimit: () => true,
      run: (_f, _a, done) => done(new Error('EPERM')),
    })
    expect(String(warn.mock.calls.at(-1)?.[0])).toMatch(/could not lower the core dump limit: EPERM/)
  })

  it.each(['darwin', 'win32'] as const)('on %s: only pins the crash folder', (platform) => {
    const a = app()
    const run = vi.fn()
    preventCoreDumps({ app: a as never, platform, pid: 1, hasPrlimit: () => true, run })
    expect(a.setPath).toHaveBeenCalledWith('crashDumps', expect.stringMatching(/crash-dumps$/))
    expect(run).not.toHaveBeenCalled()
  })

  it('really lowers the core limit of a process on this machine', async () => {
    if (process.platform !== 'linux' || !existsSync('/usr/bin/prlimit')) return
    const child = spawn('sleep', ['10'])
    const coreLimit = () =>
      execFileSync(
        '/usr/bin/prlimit',
        ['--pid', String(child.pid), '--core', '--raw', '--noheadings', '--output=SOFT,HARD'],
        { encoding: 'utf8' },
      )
        .trim()
        .split(/\s+/)
    try {
      preventCoreDumps({ app: app() as never, platform: 'linux', pid: child.pid! })
      await vi.waitFor(() => expect(coreLimit()).toEqual(['1', '1']), { timeout: 5_000 })
    } finally {
      child.kill()
    }
  })
})
