import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const CLI = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'electron', 'simulator', 'cli.ts')

export interface SimulatorProcess {
  sandboxUrl: string
  close(): Promise<void>
}

/** The simulator in its own process (as the app runs it), so benches do not share its event loop. */
export function spawnSimulator(): Promise<SimulatorProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, '--sandbox-port', '0', '--production-port', '0', '--empty'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let out = ''
    child.on('error', reject)
    child.on('exit', (code) => reject(new Error(`simulator exited with ${code} before it was ready`)))
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /simulator ready sandbox=(\S+)/.exec(out)
      if (!m) return
      child.removeAllListeners('exit')
      resolve({
        sandboxUrl: m[1]!,
        close: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
  })
}
