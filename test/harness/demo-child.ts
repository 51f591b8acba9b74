/**
 * What a demo leaves on disk and in the keychain before it is killed: its data folder and one key,
 * stored the way the demo stores them. Prints a JSON DemoChildState, then waits to be killed.
 * Run: TMPDIR=<parent> node --import tsx demo-child.ts <account>
 */
import { createDemoDataDir } from '../../electron/cli/demo/demo-leftovers'
import { demoSecretStore } from '../../electron/cli/demo/demo-secret-store'

export interface DemoChildState {
  dataDir: string
  inMemory: boolean
}

const dataDir = await createDemoDataDir()
const secrets = await demoSecretStore(undefined, dataDir)
await secrets.store.set(process.argv[2]!, 'demo secret')
const state: DemoChildState = { dataDir, inMemory: secrets.inMemory }
process.stdout.write(`${JSON.stringify(state)}\n`)
setInterval(() => undefined, 60_000)
