import { app, BrowserWindow } from 'electron'
import { join } from 'node:path'
import { createDesk, type Desk } from '../core/desk'
import { registerAppScheme, serveAppFiles } from './app-protocol'
import { appSession } from './app-session'
import { preventCoreDumps } from '../core/shell/core-dumps'
import { registerIpc } from './ipc'
import { log } from '../core/shell/stderr-log'
import { watchPresence } from './presence'
import { shellServices } from './shell-services'
import { createMainWindow } from './window'

/** Electron glue only: lifecycle, the window, IPC wiring. Everything else lives in electron/core. */
const devTools = !app.isPackaged && process.env.PAYOUT_DESK_DEVTOOLS === '1'
let mainWindow: BrowserWindow | null = null
let desk: Desk | null = null
let services: ReturnType<typeof shellServices> | null = null

registerAppScheme()
preventCoreDumps({ app, platform: process.platform, pid: process.pid })
process.on('unhandledRejection', (reason) => log.error('unhandled rejection in main', reason))

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (e) => e.preventDefault())
  })
  app.on('window-all-closed', () => app.quit())
  app.on('before-quit', () => void desk?.dispose().then(() => services?.dispose()))
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      log.error('start-up failed', err)
      app.exit(1)
    })
}

async function start(): Promise<void> {
  const ownSession = appSession()
  serveAppFiles(join(__dirname, '../renderer'), ownSession)
  services = shellServices(app.getPath('userData'), () => mainWindow)
  const applyContentProtection = (enabled: boolean) => mainWindow?.setContentProtection(enabled)
  desk = await createDesk({
    dataDir: app.getPath('userData'),
    shell: 'electron',
    version: app.getVersion(),
    log,
    historyInBackground: true,
    ...services,
    applyContentProtection,
  })
  registerIpc(desk, () => mainWindow?.webContents ?? null)
  watchPresence(desk.lock)
  // A damaged settings file must not keep the app from opening: it opens hidden from capture (the safe side), and the
  // setting shows the error.
  const { hideFromScreenCapture } = await desk.settings.read().catch(() => ({ hideFromScreenCapture: true }))
  mainWindow = createMainWindow(join(__dirname, '../preload'), devTools, ownSession, hideFromScreenCapture)
  mainWindow.webContents.on('render-process-gone', (_e, details) => log.error(`renderer gone: ${details.reason}`))
  mainWindow.on('closed', () => (mainWindow = null))
}
