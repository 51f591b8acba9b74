import { BrowserWindow, type Session, type WebContents } from 'electron'
import { join } from 'node:path'
import { log } from '../core/shell/stderr-log'
import { APP_ENTRY, CONTENT_SECURITY_POLICY, isAppUrl } from '../core/shell/app-origin'
import { isAllowedExternalUrl } from '../core/shell/external-urls'
import { openExternal } from './external-links'

/** Denies every permission, adds the CSP header to every response of the session. */
export function hardenSession(target: Session): void {
  target.setPermissionRequestHandler((_wc, permission, callback) => {
    log.warn(`denied permission request: ${permission}`)
    callback(false)
  })
  target.setPermissionCheckHandler(() => false)
  target.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } })
  })
}

/** Navigation, new windows, webviews and middle-click opens are all denied; https links go out through the guard. */
export function hardenContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url)) return
    event.preventDefault()
    log.warn(`denied navigation to ${url.slice(0, 200)}`)
  })
  contents.on('will-redirect', (event, url) => {
    if (isAppUrl(url)) return
    event.preventDefault()
    log.warn(`denied redirect to ${url.slice(0, 200)}`)
  })
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    log.warn('denied webview')
  })
  // Middle-click (auxclick) opens are off in Blink (disableBlinkFeatures) and would meet this handler anyway.
  contents.setWindowOpenHandler(({ url }) => {
    log.warn(`denied window.open of ${url.slice(0, 200)}`)
    if (isAllowedExternalUrl(url)) void openExternal(url).catch((err: unknown) => log.error('openExternal failed', err))
    return { action: 'deny' }
  })
}

/**
 * Every hardening option of the app window sits in this one constructor call, where scanners can see it.
 * `appSession` is the app's own partition; `hideFromCapture` is the user's opt-in from the app settings.
 */
export function createMainWindow(
  preloadDir: string,
  devTools: boolean,
  appSession: Session,
  hideFromCapture: boolean,
): BrowserWindow {
  hardenSession(appSession)
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Payout Desk',
    backgroundColor: '#15171c',
    webPreferences: {
      preload: join(preloadDir, 'index.cjs'),
      session: appSession,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
      devTools,
    },
  })
  hardenContents(win.webContents)
  win.setContentProtection(hideFromCapture)
  win.once('ready-to-show', () => win.show())
  void win.loadURL(APP_ENTRY)
  return win
}
