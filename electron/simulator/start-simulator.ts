import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEMO_WORKSPACE_ID, demoData } from './data/demo-seed'
import { Environment } from './environment'
import { createEnvironmentServer } from './server'
import { loadState, saveState } from './state-file'
import { emptyData, type EnvironmentName } from './types'

export interface SimulatorOptions {
  sandboxPort?: number
  productionPort?: number
  seed?: 'demo' | 'empty'
  stateFile?: string
  quiet?: boolean
}

export interface RunningSimulator {
  sandbox: { url: string }
  production: { url: string }
  close(): Promise<void>
}

const PERSIST_DELAY_MS = 50

function listen(server: Server, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    })
  })
}

/**
 * Both environments in one process, on 127.0.0.1 only. With a state file, every mutation is saved (debounced) and
 * flushed on close.
 */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const seed = options.seed ?? 'demo'
  const file = options.stateFile
  const saved = file ? loadState(file) : null
  const now = Date.now()
  const initial = (name: EnvironmentName) => saved?.[name] ?? (seed === 'empty' ? emptyData() : demoData(name, now))
  let timer: NodeJS.Timeout | null = null
  const persist = () => {
    if (timer) clearTimeout(timer)
    timer = null
    if (!file) return
    try {
      saveState(file, { sandbox: sandbox.data, production: production.data })
    } catch (e) {
      process.stderr.write(`simulator: could not save state to ${file}: ${(e as Error).message}\n`)
    }
  }
  const onChange = () => {
    if (file && !timer) timer = setTimeout(persist, PERSIST_DELAY_MS)
  }
  const sandbox = new Environment('sandbox', initial('sandbox'), onChange)
  const production = new Environment('production', initial('production'), onChange)
  const servers = [createEnvironmentServer(sandbox), createEnvironmentServer(production)] as const
  const sandboxUrl = await listen(servers[0], options.sandboxPort ?? 4010)
  const productionUrl = await listen(servers[1], options.productionPort ?? 4011).catch(async (e: unknown) => {
    await new Promise((r) => servers[0].close(r))
    throw e
  })
  if (file && !saved) persist()
  if (!options.quiet && !saved && seed === 'demo') {
    process.stderr.write(
      `Demo workspace "${DEMO_WORKSPACE_ID}" in each environment. Register a key at ${sandboxUrl}/_console/ or:\n` +
        `  curl -s ${sandboxUrl}/_console/keys -H 'Content-Type: application/json' -d ` +
        `'{"workspace_id":"${DEMO_WORKSPACE_ID}","algorithm":"ed25519","public_key":"<base64 of the raw ` +
        `32-byte public key>"}'\n`,
    )
  }
  return {
    sandbox: { url: sandboxUrl },
    production: { url: productionUrl },
    async close() {
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve())
              s.closeAllConnections()
            }),
        ),
      )
      persist()
    },
  }
}
