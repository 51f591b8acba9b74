import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

/** The contract's types must refuse the mistakes in test/type-errors/ (see its README), line by line. */
const DIR = 'test/type-errors'
const MARK = '// must not compile'
const fixtures = readdirSync(DIR).filter((f) => /\.tsx?$/.test(f))
/** `.ts` fixtures compile as main-process code, `.tsx` ones as renderer code (DOM, JSX). */
const CONFIGS = ['tsconfig.json', 'tsconfig.web.json']

describe('code that must not compile', () => {
  const errorLines = new Map<string, Set<number>>()

  beforeAll(() => {
    for (const config of CONFIGS) {
      // One thread: the native compiler's parallel checkers repeat each other's work (the main-process fixtures took
      // 21.9 CPU-s with them and 6.7 without, with the same errors).
      const tsc = spawnSync(
        process.execPath,
        ['node_modules/typescript-native/bin/tsc', '-p', join(DIR, config), '--pretty', 'false', '--singleThreaded'],
        { encoding: 'utf8' },
      )
      for (const m of tsc.stdout.matchAll(/^(.+?)\((\d+),\d+\): error TS\d+/gm)) {
        const file = m[1]!.replace(/\\/g, '/')
        if (!errorLines.has(file)) errorLines.set(file, new Set())
        errorLines.get(file)!.add(Number(m[2]))
      }
    }
  }, 120_000)

  it('has fixtures', () => expect(fixtures.length).toBeGreaterThan(0))

  it.each(fixtures)('%s fails exactly on its marked lines', (file) => {
    const path = `${DIR}/${file}`
    const marked = readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, i) => (line.endsWith(MARK) ? [i + 1] : []))
    expect(marked.length).toBeGreaterThan(0)
    expect([...(errorLines.get(path) ?? [])].sort((a, b) => a - b)).toEqual(marked)
  })
})
