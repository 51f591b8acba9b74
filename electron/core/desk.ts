import { appInfo, type Shell } from './app-info'
import { EventBus } from './event-bus'
import { Router, type RouterLog } from './ipc/router'

export interface DeskOptions {
  /** The app's data directory: Electron's userData, `--home`, or a test's temp dir. */
  dataDir: string
  shell: Shell
  version: string
  log?: RouterLog
}

export interface Desk {
  router: Router
  events: EventBus
  dispose(): Promise<void>
}

/** Builds the whole core behind one router: every shell (Electron, demo, tests) hosts this. */
export async function createDesk(options: DeskOptions): Promise<Desk> {
  const events = new EventBus()
  const router = new Router(options.log)
  const disposers: Array<() => Promise<void> | void> = []

  router.register({ 'app.info': () => appInfo(options.shell, options.version) })

  return {
    router,
    events,
    async dispose() {
      for (const d of disposers.reverse()) await d()
    },
  }
}
