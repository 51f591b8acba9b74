import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = 'renderer/src'
const SCREENS = `${SRC}/screens/`
/** The shell's table of screens is the one place that opens them. */
const SCREEN_TABLE = `${SRC}/shell/screens.ts`
const IMPORT = /(?:from\s+|import\s*\(\s*)'(\.[^']+)'/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  )
}

/** The screen folder a path is in (`payouts`), or null outside the screens. */
function screenOf(path: string): string | null {
  return path.startsWith(SCREENS) ? path.slice(SCREENS.length).split('/')[0]! : null
}

/** Every relative import in the renderer that reaches into a screen folder other than its own. */
function crossings(): string[] {
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((m) => {
      const target = relative(process.cwd(), resolve(dirname(file), m[1]!)).replace(/\\/g, '/')
      const into = screenOf(target)
      if (into === null || into === screenOf(file) || file.replace(/\\/g, '/') === SCREEN_TABLE) return []
      return [`${file.replace(/\\/g, '/')} imports ${m[1]}`]
    }),
  )
}

describe('renderer screens', () => {
  it('import no other screen, and nothing but the shell imports a screen: what two screens use lives in a room', () => {
    expect(crossings()).toEqual([])
  })
})
