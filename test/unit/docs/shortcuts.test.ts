import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../../..')
const pages = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')

/** The sections in nav order, as renderer/src/stores/nav.ts groups them (read as text: it is the renderer's module). */
function sections(): string[] {
  const nav = read('renderer/src/stores/nav.ts')
  const groups = /export const NAV_GROUPS = \[([\s\S]*?)\] as const/.exec(nav)?.[1] ?? ''
  return [...groups.matchAll(/\{ id: '[^']+', label: '([^']+)' \}/g)].map((m) => m[1]!)
}

/** The app's own rule (renderer/src/shell/shortcuts.ts): Ctrl/⌘ and one digit, so the first nine sections. */
const WITH_SHORTCUT = 9

describe('the docs name the keyboard shortcuts the app has', () => {
  it('a section named with its shortcut has that one', () => {
    const labels = sections()
    expect(labels.length).toBeGreaterThanOrEqual(9)
    const wrong: string[] = []
    for (const page of pages) {
      for (const m of read(page).matchAll(/\*\*([^*]+)\*\* \((?:Ctrl|⌘)\+(\d+)/g)) {
        const index = labels.indexOf(m[1]!)
        if (index === -1 || index >= WITH_SHORTCUT || index + 1 !== Number(m[2])) wrong.push(`${page}: ${m[0]}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('the range of section shortcuts is the one the app answers', () => {
    const ranges = pages.flatMap((page) =>
      [...read(page).matchAll(/Ctrl(?:\/⌘)?\+1…(\d+)/g)].map((m) => ({ page, last: Number(m[1]) })),
    )
    expect(ranges.length).toBeGreaterThan(0)
    expect(ranges.filter((r) => r.last !== Math.min(WITH_SHORTCUT, sections().length))).toEqual([])
    const shortcuts = read('renderer/src/shell/shortcuts.ts')
    expect(shortcuts).toContain('Number(e.key) - 1')
  })
})
