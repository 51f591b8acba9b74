import type { TestProject } from 'vitest/node'
import { startKeychainBus } from './keychain-bus'

declare module 'vitest' {
  export interface ProvidedContext {
    keychainBuses: string[]
  }
}

/**
 * Vitest's global setup: one keychain per worker slot, alive for the whole run (test/harness/vitest-worker-keychain.ts
 * picks it).
 */
export default function setup(project: TestProject): () => void {
  // Slots are counted over the whole run (every project's files share the workers), so size by the root's setting.
  const slots = Number(project.globalConfig.maxWorkers) || 1
  const buses = Array.from({ length: slots }, startKeychainBus)
  project.provide(
    'keychainBuses',
    buses.map((b) => b.address),
  )
  return () => buses.forEach((b) => b.close())
}
