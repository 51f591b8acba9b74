import { app, BrowserWindow } from 'electron'
import { join } from 'node:path'
import { createDesk, type Desk } from '../core/desk'
import { registerAppScheme, serveAppFiles } from './app-protocol'
import { registerIpc } from './ipc'
import { log } from './log'
import { shellServices } from './shell-services'
import { createMainWindow } from './window'

/** Electron glue only: lifecycle, the window, IPC wiring. Everything else lives in electron/core. */
const devTools = !app.isPackaged && process.env.PAYOUT_DESK_DEVTOOLS === '1'
let mainWindow: BrowserWindow | null = null
let desk: Desk | null = null
let services: ReturnType<typeof shellServices> | null = null

registerAppScheme()
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
  serveAppFiles(join(__dirname, '../renderer'))
  services = shellServices(app.getPath('userData'), () => mainWindow)
  desk = await createDesk({ dataDir: app.getPath('userData'), shell: 'electron', version: app.getVersion(), log, historyInBackground: true, ...services })
  registerIpc(desk, () => mainWindow?.webContents ?? null)
  mainWindow = createMainWindow(join(__dirname, '../preload'), devTools)
  mainWindow.webContents.on('render-process-gone', (_e, details) => log.error(`renderer gone: ${details.reason}`))
  mainWindow.on('closed', () => (mainWindow = null))
}
