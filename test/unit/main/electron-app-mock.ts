import { vi } from 'vitest'
import { fakeContents, fakeSession } from './electron-mock'

type Listener = (...args: unknown[]) => unknown

/** A window as the glue sees it: its contents deliver `send` to the preload's listeners. */
function fakeWindow(deliver: (channel: string, args: unknown[]) => void) {
  const listeners = new Map<string, Listener>()
  const contents = { ...fakeContents(), send: vi.fn((channel: string, ...args: unknown[]) => deliver(channel, args)) }
  return {
    listeners,
    webContents: contents,
    on: vi.fn((event: string, fn: Listener) => listeners.set(event, fn)),
    once: vi.fn((event: string, fn: Listener) => listeners.set(event, fn)),
    loadURL: vi.fn(async () => undefined),
    show: vi.fn(),
    setContentProtection: vi.fn(),
    isMinimized: vi.fn(() => false),
    restore: vi.fn(),
    focus: vi.fn(),
  }
}
export type FakeWindow = ReturnType<typeof fakeWindow>

/** A promise and its resolve, for a value an event delivers later. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

/**
 * The `electron` of a whole app run, main and preload together: `ipcRenderer.invoke` reaches the handler main
 * registered
 * on `ipcMain` as the app's own top frame, and what main sends to the window reaches the preload's listeners.
 */
export interface AppRunConfig {
  userData: string
  /** A packaged (installed) app rather than a development run. */
  packaged: boolean
  /** False: another copy of the app holds the single-instance lock. */
  singleInstance: boolean
  /** Resolves when Electron is ready. */
  ready: Promise<void>
  /** The frame `ipcRenderer.invoke` calls from. */
  senderFrame: { url: string; parent: unknown }
}

export function electronAppMock(config: AppRunConfig) {
  const appListeners = new Map<string, Listener>()
  const ipcHandlers = new Map<string, Listener>()
  const rendererListeners = new Map<string, Set<Listener>>()
  const exposed: Record<string, unknown> = {}
  const windows: FakeWindow[] = []
  // Who waits for the next window or exit code: a loaded machine may take any time to get there.
  let opened = deferred<FakeWindow>()
  let exited = deferred<number>()
  const deliver = (channel: string, args: unknown[]) => rendererListeners.get(channel)?.forEach((fn) => fn({}, ...args))
  return {
    /** Forgets the last run: vitest keeps one instance of a mocked module across `vi.resetModules()`. */
    reset() {
      for (const registry of [appListeners, ipcHandlers, rendererListeners]) registry.clear()
      for (const name of Object.keys(exposed)) delete exposed[name]
      windows.length = 0
      opened = deferred()
      exited = deferred()
    },
    /** The run's first window, once main has opened it. */
    firstWindow: () => opened.promise,
    /** The code the run ends with, once main calls `app.exit`. */
    exitCode: () => exited.promise,
    appListeners,
    ipcHandlers,
    exposed,
    windows,
    app: {
      get isPackaged() {
        return config.packaged
      },
      getPath: vi.fn((name: string) => (name === 'userData' ? config.userData : `/nonexistent/${name}`)),
      setPath: vi.fn(),
      getVersion: vi.fn(() => '7.7.7'),
      requestSingleInstanceLock: vi.fn(() => config.singleInstance),
      quit: vi.fn(),
      exit: vi.fn((code: number) => exited.resolve(code)),
      on: vi.fn((event: string, fn: Listener) => appListeners.set(event, fn)),
      whenReady: vi.fn(() => config.ready),
    },
    BrowserWindow: vi.fn(function () {
      const win = fakeWindow(deliver)
      windows.push(win)
      opened.resolve(win)
      return win
    }),
    session: { defaultSession: fakeSession(), fromPartition: vi.fn(() => fakeSession()) },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    net: { fetch: vi.fn() },
    shell: { openExternal: vi.fn(async () => undefined) },
    dialog: { showSaveDialog: vi.fn(async () => ({ canceled: true, filePath: '' })) },
    Notification: Object.assign(vi.fn(), { isSupported: vi.fn(() => true) }),
    powerMonitor: { on: vi.fn(), getSystemIdleTime: vi.fn(() => 0) },
    ipcMain: {
      handle: vi.fn((channel: string, fn: Listener) => ipcHandlers.set(channel, fn)),
      removeHandler: vi.fn((channel: string) => ipcHandlers.delete(channel)),
    },
    ipcRenderer: {
      invoke: (channel: string, ...args: unknown[]) =>
        ipcHandlers.get(channel)!({ senderFrame: config.senderFrame }, ...args),
      on: (channel: string, fn: Listener) =>
        rendererListeners.set(channel, (rendererListeners.get(channel) ?? new Set()).add(fn)),
      removeListener: (channel: string, fn: Listener) => rendererListeners.get(channel)?.delete(fn),
    },
    contextBridge: { exposeInMainWorld: vi.fn((name: string, api: unknown) => (exposed[name] = api)) },
  }
}
export type ElectronAppMock = ReturnType<typeof electronAppMock>
