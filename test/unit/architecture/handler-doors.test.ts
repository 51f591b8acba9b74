import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const CORE = 'electron/core'

/** Every IPC handler file of core: a feature's `handlers.ts` or `*-handlers.ts`, and the root's. */
function handlerFiles(dir = CORE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return handlerFiles(path)
    return /(^|-)handlers\.ts$/.test(e.name) ? [path] : []
  })
}

/** Calls of the API client or the store, and value imports of either, in one file's text. */
function directCalls(text: string): string[] {
  const calls = text.match(/\.client\.\w+\(|\bstore\.\w+[.(]/g) ?? []
  const imports = text.match(/^import (?!type )[^\n]*from '\.\.\/(store|api)(\/[^']*)?'/gm) ?? []
  return [...calls, ...imports]
}

describe('core features own their doors', () => {
  it('finds the handler files', () => {
    expect(handlerFiles()).toEqual(
      expect.arrayContaining([join(CORE, 'payouts/handlers.ts'), join(CORE, 'batch/handlers.ts')]),
    )
  })

  it('a handler calls its feature use cases, never the API client or the store', () => {
    const found = handlerFiles().flatMap((file) =>
      directCalls(readFileSync(file, 'utf8')).map((call) => `${file}: ${call}`),
    )
    expect(found).toEqual([])
  })

  it('the scan sees a direct call', () => {
    const text =
      "import { batchRepo } from '../store'\nconst w = await session.client.listWallets()\nstore.read('x', () => 1)\n"
    expect(directCalls(text)).toHaveLength(3)
  })
})
