import { rm } from 'node:fs/promises'
import { createDesk, type Desk } from '../../core/desk'
import { simulatorConsoleUrl } from '../../core/keys/use-cases'
import { startSimulator, type RunningSimulator } from '../../simulator'
import { withDemoAppInfo } from './demo-app-info'
import { createDemoDataDir, removeStaleDemos } from './demo-leftovers'
import { startDemoServer, type DemoServer } from './demo-server'
import { demoSecretStore, type DemoSecrets } from './demo-secret-store'
import { demoExportPath } from './export-target'
import { openInBrowser } from './open-browser'
import { findProjectRoot } from './project-root'
import { ensureRendererBuilt } from './renderer-build'
import { simulatorOnly } from './simulator-only-guard'

export interface DemoOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Open the page in the system browser (and the simulator console when the page asks). */
  open: boolean
  /** Progress and notes (stderr); the ready line goes to `ready`. */
  log: (line: string) => void
  ready: (line: string) => void
  /** Defaults to the checkout this code runs from. */
  rootDir?: string
  /** Tests only: a keychain stand-in to probe instead of the OS keychain; gets the run's data folder. */
  secrets?: (dataDir: string) => Promise<DemoSecrets>
}

export interface RunningDemo {
  url: string
  dataDir: string
  keysInMemory: boolean
  simulator: { sandboxUrl: string; productionUrl: string }
  close(): Promise<void>
}

/**
 * The browser demo in one process: the embedded simulator with demo data, the real core over a fresh
 * temporary data directory, and the built renderer with its `window.desk` bridge on a loopback port.
 */
export async function runDemo(options: DemoOptions): Promise<RunningDemo> {
  const root = options.rootDir
    ? { dir: options.rootDir, version: findProjectRoot(options.rootDir).version }
    : findProjectRoot()
  const rendererDir = ensureRendererBuilt(root.dir, options.log)
  const dataDir = await createDemoDataDir()
  const cleanup: Array<() => Promise<unknown>> = [() => rm(dataDir, { recursive: true, force: true })]
  const close = async () => {
    for (const step of cleanup.splice(0).reverse())
      await step().catch((err: unknown) => options.log(`demo: cleanup failed: ${String(err)}`))
  }

  try {
    const sim: RunningSimulator = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'demo', quiet: true })
    cleanup.push(() => sim.close())
    const secrets = await (options.secrets ?? ((dir) => demoSecretStore(undefined, dir)))(dataDir)
    cleanup.push(() => secrets.forgetAll())
    // A demo killed with kill -9 could not clean up: its folder and keys go now.
    const stale = await removeStaleDemos(secrets.keychain).catch((err: unknown) => {
      options.log(`demo: could not look for folders of earlier demos: ${String(err)}`)
      return { removed: [], kept: [] }
    })
    for (const dir of stale.removed) options.log(`demo: removed ${dir}, left by a demo that was killed`)
    for (const dir of stale.kept)
      options.log(
        `demo: kept ${dir}, left by a demo that was killed: its keychain entries can be removed only when the ` +
          `keychain answers`,
      )
    const consoleUrl = simulatorConsoleUrl(sim.sandbox.url)
    const own = [sim.sandbox.url, sim.production.url]

    const desk: Desk = await createDesk({
      dataDir,
      shell: 'browser-demo',
      version: root.version,
      secretStore: secrets.store,
      // Like the desktop app: the open profile's history ledger is kept current in the background.
      historyInBackground: true,
      embeddedSimulator: async () => ({ sandboxUrl: sim.sandbox.url, consoleUrl }),
      openExternal: async (url) => {
        // Like the desktop shell: only the local simulator's pages or https, and never without --open.
        if (!own.some((base) => url.startsWith(`${base}/`)) && !url.startsWith('https://')) return
        if (!options.open || !(await openInBrowser(url))) options.log(`Open in your browser: ${url}`)
      },
      chooseSavePath: async (suggestedName) => {
        const path = demoExportPath(suggestedName)
        options.log(`demo: exporting to ${path}`)
        return path
      },
      log: {
        error: (message, detail) => options.log(`demo: ${message}${detail === undefined ? '' : ` ${String(detail)}`}`),
      },
    })
    cleanup.push(() => desk.dispose())

    const guarded = simulatorOnly((channel, input) => desk.router.dispatch(channel, input), {
      allowedBaseUrls: own,
      profileBaseUrl: async (id) => (await desk.keys.profiles.list()).find((p) => p.id === id)?.baseUrl ?? null,
    })
    const server: DemoServer = await startDemoServer({
      rendererDir,
      dispatch: withDemoAppInfo(guarded, secrets.inMemory),
      subscribe: (listener) => desk.events.subscribe(listener),
      port: options.port ?? 0,
      log: options.log,
    })
    cleanup.push(() => server.close())

    if (secrets.inMemory)
      options.log('No OS keychain answered: the demo keeps its simulator keys in memory; they vanish at exit.')
    options.ready(`demo ready ${server.url}`)
    if (options.open && !(await openInBrowser(server.url)))
      options.log('Could not open a browser here: open the link above yourself.')

    return {
      url: server.url,
      dataDir,
      keysInMemory: secrets.inMemory,
      simulator: { sandboxUrl: sim.sandbox.url, productionUrl: sim.production.url },
      close,
    }
  } catch (err) {
    await close()
    throw err
  }
}
