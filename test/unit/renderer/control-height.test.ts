import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Issue 54: filter bars' controls stood at 32 px, every other form's at 26-28 px. One token sets the height of every
// field, select and button; no style sheet gives a control a height of its own.
const STYLES = join(import.meta.dirname, '../../../renderer/src/styles')
const CONTROL = /(^|[\s>+~(,:])(input|select|button|textarea)\b/
const HEIGHT = /^(height|min-height|max-height|block-size|min-block-size)$/

type Sized = { file: string; selector: string; property: string; value: string }

/** Every rule's selector with its declarations, comments left out and at-rules' own blocks opened. */
function rules(css: string): Array<{ selector: string; body: string }> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@(container|media)[^{]*\{/g, '')
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({ selector: m[1]!.trim(), body: m[2]! }))
}

/** Heights a style sheet gives a field, select or button other than the one control height. */
function ownHeights(file: string, css: string): Sized[] {
  const found: Sized[] = []
  for (const { selector, body } of rules(css)) {
    // A check box is a mark, not a field; the nav's sections are places to go, sized as the nav's rows.
    const controls = selector.split(',').filter((s) => CONTROL.test(s) && !/checkbox|radio|^\s*\.nav\b/.test(s))
    if (controls.length === 0) continue
    for (const m of body.matchAll(/([-a-z]+)\s*:\s*([^;]+);/g)) {
      const [property, value] = [m[1]!, m[2]!.trim()]
      if (HEIGHT.test(property) && value !== 'var(--control-height)' && value !== 'auto')
        found.push({ file, selector, property, value })
    }
  }
  return found
}

const sheets = () => readdirSync(STYLES).filter((f) => f.endsWith('.css'))

describe('one control height', () => {
  it('defines it once, as a token', () => {
    const theme = readFileSync(join(STYLES, 'theme.css'), 'utf8')
    expect([...theme.matchAll(/--control-height:\s*([^;]+);/g)].map((m) => m[1])).toEqual(['28px'])
  })

  it('gives every field, select and button that height, in the base style', () => {
    const base = rules(readFileSync(join(STYLES, 'base.css'), 'utf8'))
    const sized = (tag: string) =>
      base.some(
        (r) =>
          r.selector.split(',').some((s) => s.trim().startsWith(tag)) &&
          /(min-)?height:\s*var\(--control-height\)/.test(r.body),
      )
    expect(['input', 'select', 'button'].filter((tag) => !sized(tag))).toEqual([])
  })

  it('lets no style sheet give a control a height of its own', () => {
    const all = sheets().flatMap((f) => ownHeights(f, readFileSync(join(STYLES, f), 'utf8')))
    expect(all).toEqual([])
  })

  it('finds a control sized on its own', () => {
    expect(ownHeights('x.css', '.bar :is(input, select) { height: var(--space-6); }')).toHaveLength(1)
    expect(ownHeights('x.css', '.bar > button { min-height: 32px; }')).toHaveLength(1)
    expect(ownHeights('x.css', '.bar > button { height: var(--control-height); } .row { height: 9px; }')).toEqual([])
  })
})
