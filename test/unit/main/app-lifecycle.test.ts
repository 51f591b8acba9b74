import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
// Loaded with the file, where no test's timeout runs: the first launch compiled the whole core inside its 30 s (17 s
// at load 20), which a crowded machine overran. The mock below keeps this instance across vi.resetModules().
import '../../../electron/core/desk'
import type { DeskBridge } from '../../../shared/ipc/bridge'
import type { AppRunConfig, ElectronAppMock } from './electron-app-mock'

// One run of the Electron main process (electron/main/index.ts) and its preload, with `electron` mocked and the real
// core.
const run = vi.hoisted(() => ({
  config: null as unknown as AppRunConfig,
  electron: null as unknown as ElectronAppMock,
  disposed: null as Promise<void> | null,
}))
vi.mock('electron', async () => {
  const { electronAppMock } = await import('./electron-app-mock')
  run.electron = electronAppMock(run.config)
  return run.electron
})
// Lowering the core limit is tested on its own (session-and-dumps.test.ts); here only that start-up asks for it.
vi.mock('../../../electron/core/shell/core-dumps', () => ({ preventCoreDumps: vi.fn() }))
// The real core; only its disposal is watched, so a test ends after the app has let go of its data folder.
vi.mock('../../../electron/core/desk', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../electron/core/desk')>()
  return {
    createDesk: async (options: Parameters<typeof real.createDesk>[0]) => {
      const desk = await real.createDesk(options)
      const dispose = desk.dispose.bind(desk)
      return Object.assign(desk, { dispose: () => (run.disposed = dispose()) })
    },
  }
})

const MAIN_DIR = join(import.meta.dirname, '../../../electron/main')
let userData: string
let rejectionListeners: unknown[]

beforeEach(async () => {
  userData = await mkdtemp(join(tmpdir(), 'app-run-'))
  // In place: the mocked module, made once per file, keeps this object.
  run.config = Object.assign(run.config ?? {}, {
    userData,
    packaged: false,
    singleInstance: true,
    ready: Promise.resolve(),
    senderFrame: { url: 'app://desk/index.html', parent: null },
  })
  rejectionListeners = process.listeners('unhandledRejection')
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
})
afterEach(async () => {
  await quit()
  for (const fn of process.listeners('unhandledRejection'))
    if (!rejectionListeners.includes(fn)) process.off('unhandledRejection', fn)
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  await rm(userData, { recursive: true, force: true })
})

/** Loads the main process afresh (new module instances), as Electron does at launch. */
async function start(): Promise<void> {
  run.electron?.reset()
  vi.clearAllMocks()
  vi.resetModules()
  await import('../../../electron/main/index')
}

/** Starts the main process afresh (new module instances), waiting for its window when it gets one. */
async function launch(): Promise<ElectronAppMock> {
  await start()
  const electron = run.electron
  if (run.config.singleInstance) await electron.firstWindow()
  return electron
}

/** The page's `window.desk`, as the preload exposes it. */
async function pageBridge(electron: ElectronAppMock): Promise<DeskBridge> {
  await import('../../../electron/preload/index')
  return electron.exposed.desk as DeskBridge
}

/** Electron's before-quit: the core is disposed, then the shell's services. */
async function quit(): Promise<void> {
  run.disposed = null
  run.electron?.appListeners.get('before-quit')?.()
  await run.disposed
}

const stderrText = () =>
  vi
    .mocked(process.stderr.write)
    .mock.calls.map((c) => String(c[0]))
    .join('')

describe('start-up', () => {
  it("opens one hardened window on the app page, in the app's own session that serves the renderer", async () => {
    const electron = await launch()
    const { preventCoreDumps } = await import('../../../electron/core/shell/core-dumps')
    expect(preventCoreDumps).toHaveBeenCalledWith({ app: electron.app, platform: process.platform, pid: process.pid })
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'app' }),
    ])
    const session = electron.session.fromPartition.mock.results[0]!.value
    expect(electron.session.fromPartition).toHaveBeenCalledWith('persist:payout-desk', { cache: false })
    expect(session.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function))
    const [options] = electron.BrowserWindow.mock.calls[0] as unknown as [{ webPreferences: Record<string, unknown> }]
    expect(options.webPreferences).toMatchObject({
      session,
      devTools: false,
      preload: join(MAIN_DIR, '../preload/index.cjs'),
    })
    const [win] = electron.windows
    expect(win!.loadURL).toHaveBeenCalledWith('app://desk/index.html')
    expect(win!.setContentProtection).toHaveBeenCalledWith(false)
    expect(win!.show).not.toHaveBeenCalled()
    win!.listeners.get('ready-to-show')!()
    expect(win!.show).toHaveBeenCalled()
  })

  it('a second copy hands over to the first and quits; the first comes to the front', async () => {
    const first = await launch()
    const [win] = first.windows
    win!.isMinimized.mockReturnValue(true)
    first.appListeners.get('second-instance')!()
    expect(win!.restore).toHaveBeenCalled()
    expect(win!.focus).toHaveBeenCalled()
    await quit()

    run.config.singleInstance = false
    const second = await launch()
    expect(second.app.quit).toHaveBeenCalled()
    expect(second.app.whenReady).not.toHaveBeenCalled()
    expect(second.windows).toHaveLength(0)
  })

  it('devtools only on request, and never in a packaged app', async () => {
    vi.stubEnv('PAYOUT_DESK_DEVTOOLS', '1')
    const devTools = () =>
      (run.electron.BrowserWindow.mock.calls[0] as unknown as [{ webPreferences: { devTools: boolean } }])[0]
        .webPreferences.devTools
    await launch()
    expect(devTools()).toBe(true)
    await quit()
    run.config.packaged = true
    await launch()
    expect(devTools()).toBe(false)
  })

  it('a promise rejected and never handled in main is logged, not lost', async () => {
    await launch()
    const added = process.listeners('unhandledRejection').filter((fn) => !rejectionListeners.includes(fn))
    expect(added).toHaveLength(1)
    added[0]!(new Error('lost write'), Promise.resolve())
    expect(stderrText()).toMatch(/error unhandled rejection in main Error: lost write/)
  })

  it('a damaged settings file does not keep the app from opening: it opens hidden from screen capture', async () => {
    await writeFile(join(userData, 'settings.json'), '{"hideFromScreenCapture":')
    const [win] = (await launch()).windows
    expect(win!.setContentProtection).toHaveBeenCalledWith(true)
  })

  it('a failed start-up is logged and ends the app with exit code 1', async () => {
    let ready!: () => void
    run.config.ready = new Promise((resolve) => (ready = resolve))
    await start()
    run.electron.session.fromPartition.mockImplementationOnce(() => {
      throw new Error('partition refused')
    })
    ready()
    expect(await run.electron.exitCode()).toBe(1)
    expect(stderrText()).toMatch(/error start-up failed Error: partition refused/)
    expect(run.electron.windows).toHaveLength(0)
  })
})

describe('the page and the core', () => {
  it('calls go through the preload to the core; the capture setting reaches the window and is kept for the next start', async () => {
    const electron = await launch()
    const desk = await pageBridge(electron)
    await expect(desk.invoke('app.info', {})).resolves.toMatchObject({
      ok: true,
      data: { version: '7.7.7', shell: 'electron' },
    })
    await expect(desk.invoke('settings.setHideFromScreenCapture', { enabled: true })).resolves.toEqual({
      ok: true,
      data: { hideFromScreenCapture: true },
    })
    expect(electron.windows[0]!.setContentProtection).toHaveBeenLastCalledWith(true)
    expect(JSON.parse(await readFile(join(userData, 'settings.json'), 'utf8'))).toEqual({ hideFromScreenCapture: true })

    await quit()
    const [next] = (await launch()).windows
    expect(next!.setContentProtection).toHaveBeenCalledWith(true)
  })

  it("events of the core reach the page's listener of that event only, until it stops listening", async () => {
    const electron = await launch()
    const desk = await pageBridge(electron)
    const changed = vi.fn()
    const other = vi.fn()
    const stop = desk.on('profiles.changed', changed)
    desk.on('history.progress', other)
    const create = { name: 'Ops', environment: 'sandbox', baseUrl: 'http://127.0.0.1:9', algorithm: 'hmac' } as const
    await expect(desk.invoke('profiles.create', create)).resolves.toMatchObject({ ok: true })
    await vi.waitFor(() => expect(changed).toHaveBeenCalledWith({}))
    expect(other).not.toHaveBeenCalled()
    stop()
    changed.mockClear()
    await desk.invoke('profiles.create', { ...create, name: 'Ops 2' })
    await vi.waitFor(() => expect(electron.windows[0]!.webContents.send).toHaveBeenCalledTimes(2))
    expect(changed).not.toHaveBeenCalled()
  })

  it("a page that is not the app's own top frame is refused before the core runs", async () => {
    const electron = await launch()
    run.config.senderFrame = { url: 'app://desk/index.html', parent: {} }
    const desk = await pageBridge(electron)
    await expect(desk.invoke('settings.setHideFromScreenCapture', { enabled: true })).resolves.toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    })
    expect(electron.windows[0]!.setContentProtection).not.toHaveBeenCalledWith(true)
  })
})

describe('window and app events', () => {
  it('the window follows no redirect away from the app page', async () => {
    const [win] = (await launch()).windows
    const redirect = win!.webContents.listeners.get('will-redirect')!
    const away = { preventDefault: vi.fn() }
    redirect(away, 'https://evil.example/login')
    expect(away.preventDefault).toHaveBeenCalled()
    expect(stderrText()).toMatch(/warn denied redirect to https:\/\/evil\.example\/login/)
    const inside = { preventDefault: vi.fn() }
    redirect(inside, 'app://desk/index.html#/wallets')
    expect(inside.preventDefault).not.toHaveBeenCalled()
  })

  it('a closed window is forgotten: a second copy then brings nothing to the front', async () => {
    const electron = await launch()
    const [win] = electron.windows
    win!.listeners.get('closed')!()
    electron.appListeners.get('second-instance')!()
    expect(win!.focus).not.toHaveBeenCalled()
  })

  it('closing every window quits; no web contents may attach a webview; a renderer crash is logged', async () => {
    const electron = await launch()
    electron.appListeners.get('window-all-closed')!()
    expect(electron.app.quit).toHaveBeenCalled()

    const contents = { on: vi.fn() }
    electron.appListeners.get('web-contents-created')!({}, contents)
    const [event, guard] = contents.on.mock.calls[0] as [string, (e: { preventDefault(): void }) => void]
    const attach = { preventDefault: vi.fn() }
    guard(attach)
    expect(event).toBe('will-attach-webview')
    expect(attach.preventDefault).toHaveBeenCalled()

    electron.windows[0]!.webContents.listeners.get('render-process-gone')!({}, { reason: 'oom' })
    expect(stderrText()).toMatch(/error renderer gone: oom/)
  })
})
