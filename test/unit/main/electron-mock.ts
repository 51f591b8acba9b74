import { vi } from 'vitest'

/** A stand-in for the parts of `electron` the glue touches; records what the glue registers. */
export function electronMock() {
  const handlers = new Map<string, (...args: unknown[]) => unknown>()
  return {
    handlers,
    ipcMain: {
      handle: vi.fn((channel: string, fn: (...args: unknown[]) => unknown) => handlers.set(channel, fn)),
      removeHandler: vi.fn((channel: string) => handlers.delete(channel)),
    },
    shell: { openExternal: vi.fn(async () => undefined) },
    session: { defaultSession: fakeSession(), fromPartition: vi.fn(() => fakeSession()) },
    BrowserWindow: vi.fn(),
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    net: { fetch: vi.fn() },
    app: {},
  }
}

export function fakeSession() {
  return {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    webRequest: { onHeadersReceived: vi.fn() },
    protocol: { handle: vi.fn() },
  }
}

export function fakeContents() {
  const listeners = new Map<string, (...args: unknown[]) => void>()
  return {
    listeners,
    on: vi.fn((event: string, fn: (...args: unknown[]) => void) => listeners.set(event, fn)),
    setWindowOpenHandler: vi.fn(),
  }
}
