import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeContents, fakeSession, type electronMock } from './electron-mock'

const electron = vi.hoisted(() => ({ current: null as unknown }))
vi.mock('electron', async () => {
  const { electronMock: make } = await import('./electron-mock')
  electron.current = make()
  return electron.current
})
const mock = () => electron.current as ReturnType<typeof electronMock>

const { createMainWindow, hardenContents, hardenSession } = await import('../../../electron/main/window')
const { isTrustedSender, registerIpc } = await import('../../../electron/main/ipc')
const { openExternal } = await import('../../../electron/main/external-links')
const { CONTENT_SECURITY_POLICY } = await import('../../../electron/core/shell/app-origin')
const { createDesk } = await import('../../../electron/core/desk')

beforeEach(() => {
  vi.clearAllMocks()
  mock().handlers.clear()
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
})

describe('main window', () => {
  const create = (devTools: boolean, hideFromCapture = false) => {
    const win = {
      webContents: fakeContents(),
      once: vi.fn(),
      loadURL: vi.fn(async () => undefined),
      show: vi.fn(),
      setContentProtection: vi.fn(),
    }
    mock().BrowserWindow.mockImplementation(function () {
      return win
    })
    const session = fakeSession()
    createMainWindow('/app/preload', devTools, session as never, hideFromCapture)
    const options = mock().BrowserWindow.mock.calls[0]![0] as { webPreferences: Record<string, unknown> }
    return { win, prefs: options.webPreferences, session }
  }

  it('is hardened, guarded and loads the app page only', () => {
    const { win, prefs } = create(false)
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
      preload: '/app/preload/index.cjs',
    })
    expect(win.loadURL).toHaveBeenCalledWith('app://desk/index.html')
    expect([...win.webContents.listeners.keys()]).toEqual(
      expect.arrayContaining(['will-navigate', 'will-redirect', 'will-attach-webview']),
    )
    expect(win.webContents.setWindowOpenHandler).toHaveBeenCalled()
  })

  it("runs in the app's own session, hardened, with middle-click opens off in Blink", () => {
    const { prefs, session } = create(false)
    expect(prefs.session).toBe(session)
    expect(prefs.disableBlinkFeatures).toBe('Auxclick')
    expect(session.setPermissionRequestHandler).toHaveBeenCalled()
    expect(mock().session.defaultSession.setPermissionRequestHandler).not.toHaveBeenCalled()
  })

  it.each([true, false])('applies the stored screen-capture choice (%s)', (hide) => {
    expect(create(false, hide).win.setContentProtection).toHaveBeenCalledWith(hide)
  })

  it('allows devtools only when asked (development)', () => {
    expect(create(true).prefs.devTools).toBe(true)
  })
})

describe('content guards', () => {
  it('deny navigation away from the app and every popup', () => {
    const contents = fakeContents()
    hardenContents(contents as never)
    const navigate = contents.listeners.get('will-navigate')!
    const away = { preventDefault: vi.fn() }
    navigate(away, 'https://evil.example/')
    expect(away.preventDefault).toHaveBeenCalled()
    const inside = { preventDefault: vi.fn() }
    navigate(inside, 'app://desk/index.html')
    expect(inside.preventDefault).not.toHaveBeenCalled()
    const webview = { preventDefault: vi.fn() }
    contents.listeners.get('will-attach-webview')!(webview)
    expect(webview.preventDefault).toHaveBeenCalled()
    const openHandler = contents.setWindowOpenHandler.mock.calls[0]![0] as (d: { url: string }) => { action: string }
    expect(openHandler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(openHandler({ url: 'https://docs.example/' })).toEqual({ action: 'deny' })
    expect(mock().shell.openExternal).toHaveBeenCalledWith('https://docs.example/')
    expect(mock().shell.openExternal).not.toHaveBeenCalledWith('file:///etc/passwd')
  })

  it('deny every permission and send the CSP header', () => {
    const session = fakeSession()
    hardenSession(session as never)
    const onRequest = session.setPermissionRequestHandler.mock.calls[0]![0] as (
      w: unknown,
      p: string,
      cb: (ok: boolean) => void,
    ) => void
    const callback = vi.fn()
    onRequest(null, 'media', callback)
    expect(callback).toHaveBeenCalledWith(false)
    const onCheck = session.setPermissionCheckHandler.mock.calls[0]![0] as () => boolean
    expect(onCheck()).toBe(false)
    const onHeaders = session.webRequest.onHeadersReceived.mock.calls[0]![0] as (
      d: unknown,
      cb: (r: unknown) => void,
    ) => void
    const headersCallback = vi.fn()
    onHeaders({ responseHeaders: {} }, headersCallback)
    expect(headersCallback).toHaveBeenCalledWith({
      responseHeaders: { 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    })
  })
})

describe('external links', () => {
  it('refuses to open a forbidden URL', async () => {
    await expect(openExternal('file:///etc/passwd')).rejects.toThrow(/cannot be opened/)
    expect(mock().shell.openExternal).not.toHaveBeenCalled()
  })
})

describe('IPC registration', () => {
  const frame = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent } })

  it('trusts only the app page as top frame', () => {
    expect(isTrustedSender(frame('app://desk/index.html') as never)).toBe(true)
    expect(isTrustedSender(frame('https://evil.example/') as never)).toBe(false)
    expect(isTrustedSender(frame('app://desk/index.html', {}) as never)).toBe(false)
    expect(isTrustedSender({ senderFrame: null } as never)).toBe(false)
  })

  it('routes calls from the app page and refuses a foreign sender before any handler runs', async () => {
    const desk = await createDesk({ dataDir: '/nonexistent', shell: 'test', version: '9.9.9' })
    const dispatch = vi.spyOn(desk.router, 'dispatch')
    registerIpc(desk, () => null)
    const handler = mock().handlers.get('desk:invoke')!
    await expect(handler(frame('app://desk/index.html'), 'app.info', {})).resolves.toMatchObject({
      ok: true,
      data: { version: '9.9.9' },
    })
    await expect(handler(frame('https://evil.example/'), 'app.info', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    })
    expect(dispatch).toHaveBeenCalledTimes(1)
  })
})
