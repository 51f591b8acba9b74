import { clipboard, dialog, Notification, type BrowserWindow } from 'electron'
import { extname, join } from 'node:path'
import { startSimulator, type RunningSimulator } from '../simulator'
import type { DeskOptions } from '../core/desk'
import { openExternal } from './external-links'
import { log } from '../core/shell/stderr-log'

type ShellServices = Pick<
  DeskOptions,
  'embeddedSimulator' | 'openExternal' | 'notify' | 'chooseSavePath' | 'printPage' | 'clipboard'
> & { dispose(): Promise<void> }

/** What the desktop shell lends the core: the embedded simulator, dialogs, notifications, the link guard. */
export function shellServices(userData: string, window: () => BrowserWindow | null): ShellServices {
  let simulator: Promise<RunningSimulator> | null = null
  const embedded = () => {
    // One simulator per app run, started on first use; its state file keeps registered keys across restarts.
    simulator ??= startSimulator({
      sandboxPort: 0,
      productionPort: 0,
      seed: 'demo',
      stateFile: join(userData, 'simulator-state.json'),
      quiet: true,
    })
    return simulator
  }
  return {
    embeddedSimulator: async () => {
      const sim = await embedded()
      return { sandboxUrl: sim.sandbox.url, consoleUrl: `${sim.sandbox.url}/_console/` }
    },
    openExternal,
    clipboard: { read: async () => clipboard.readText(), write: async (text) => clipboard.writeText(text) },
    notify: (title, body) => {
      if (Notification.isSupported()) new Notification({ title, body }).show()
    },
    chooseSavePath: async (suggestedName) => {
      const target = window()
      const ext = extname(suggestedName).slice(1) || 'csv'
      const options = { defaultPath: suggestedName, filters: [{ name: ext.toUpperCase(), extensions: [ext] }] }
      const result = target ? await dialog.showSaveDialog(target, options) : await dialog.showSaveDialog(options)
      return result.canceled || !result.filePath ? null : result.filePath
    },
    printPage: async () => {
      const target = window()
      if (!target) throw new Error('no window to print')
      return target.webContents.printToPDF({ printBackground: true, pageSize: 'A4' })
    },
    async dispose() {
      await (await simulator?.catch((err: unknown) => log.error('embedded simulator failed', err)))?.close()
    },
  }
}
