import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const MAIN = join(import.meta.dirname, '../../../electron/main')

// electron/main is Electron glue only; anything that can run under plain Node belongs in electron/core.
it('electron/main stays under 300 lines of glue', () => {
  const lines = readdirSync(MAIN, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .reduce((sum, f) => sum + readFileSync(join(MAIN, f), 'utf8').split('\n').length - 1, 0)
  expect(lines).toBeLessThan(300)
})
