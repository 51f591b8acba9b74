import { afterAll, vi } from 'vitest'

// Files share their worker's modules (vitest.config.ts): whatever a file's tests left of fake timers, spies and stubbed
// variables is undone when it ends, so such a file need not pay for a worker of its own. Registered before the file's
// own hooks, this runs after them.
afterAll(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
})
