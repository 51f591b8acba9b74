import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../../..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  )
}

/**
 * Where the provider's create of a counterparty may be called: the gate (check and claim first), and its definition.
 */
const ALLOWED = new Set(['electron/core/destinations/create-destination.ts', 'electron/core/api/api-client.ts'])

describe('one gate before every registration', () => {
  it('no code outside the gate calls the API client to create a counterparty', () => {
    const callers = sources(join(ROOT, 'electron'))
      .map((file) => relative(ROOT, file))
      .filter((file) => !file.startsWith('electron/simulator/') && !ALLOWED.has(file))
      // The connector's tool context names its way in the same; it is the session's saveDestination (the gate).
      .filter((file) => /(?<!ctx)\.createCounterparty\(/.test(readFileSync(join(ROOT, file), 'utf8')))
    expect(callers).toEqual([])
  })
})
