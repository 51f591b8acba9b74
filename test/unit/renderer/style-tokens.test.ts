import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Issue 54: spacing, type, radii, elevation and colours come from the tokens in theme.css; no other sheet has its own.
const STYLES = join(import.meta.dirname, '../../../renderer/src')
const LENGTH = /-?\d*\.?\d+(px|rem|em|pt)\b/g
// What the scale governs: these take a token (var(--…)), 0 or a calc of tokens, never a length of their own.
const SCALED = /^(margin|padding|gap|row-gap|column-gap|font-size|font|border-radius|line-height)(-|$)/
// Strokes: a hairline (1px) is written as it is; a focus ring and an accent bar take --stroke and --stroke-accent.
const STROKE = /^(border|outline|box-shadow)(-|$)/
const STROKE_PX = new Set(['1px', '-1px'])
// Colours live in theme.css only: a hex, a colour function or a colour's name anywhere else is a stray.
const RAW_COLOUR = /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|light-dark)\(/i
const PAINTS = /^(color|background|border|outline|fill|stroke|box-shadow|text-shadow|text-decoration)(-|$)|-color$/
const NOT_PAINT = /-(collapse|radius|spacing|width|style|offset|thickness|line|image|scheme)$/
// The words a paint may hold besides its tokens; any other word there is a colour's name (red, white, black…).
const PAINT_WORDS = new Set([
  ...['transparent', 'currentcolor', 'inherit', 'initial', 'unset', 'none', 'underline', 'calc', 'var'],
  ...['solid', 'dashed', 'dotted', 'double', 'inset', 'radial-gradient', 'linear-gradient', 'circle'],
])

type Stray = { file: string; property: string; value: string }

function sheets(): string[] {
  return readdirSync(STYLES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => join(STYLES, file))
}

/** Every declaration's property and value, comments and at-rule conditions left out. */
function declarations(css: string): Array<[string, string]> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@(container|media)[^{]*\{/g, '{')
  return [...text.matchAll(/([-a-z]+)\s*:\s*([^;{}]+);/g)].map((m) => [m[1]!, m[2]!.trim()])
}

function namesAColour(value: string): boolean {
  const words = value.replace(/var\([^)]*\)/g, '').match(/[a-z][-a-z]*/gi) ?? []
  return words.some((word) => !PAINT_WORDS.has(word.toLowerCase()) && !/^(px|rem|em|pt)$/.test(word))
}

function strays(file: string, css: string): Stray[] {
  const found: Stray[] = []
  const inTheme = file.endsWith('theme.css')
  for (const [property, value] of declarations(css)) {
    if (inTheme && property.startsWith('--')) continue
    if (RAW_COLOUR.test(value) || (PAINTS.test(property) && !NOT_PAINT.test(property) && namesAColour(value))) {
      found.push({ file, property, value })
      continue
    }
    const lengths = value.match(LENGTH) ?? []
    if (SCALED.test(property) && lengths.length > 0) found.push({ file, property, value })
    else if (STROKE.test(property) && lengths.some((l) => l.endsWith('px') && !STROKE_PX.has(l)))
      found.push({ file, property, value })
    else if (!STROKE.test(property) && lengths.some((l) => l.endsWith('px') && l !== '1px'))
      found.push({ file, property, value })
  }
  return found
}

describe('style sheets use the design tokens', () => {
  it('has no spacing, type size, radius, elevation or colour outside the tokens, and no stray px value', () => {
    const all = sheets().flatMap((file) => strays(file.slice(STYLES.length + 1), readFileSync(file, 'utf8')))
    expect(all).toEqual([])
  })

  it('defines the scale once: six spacing steps, six type sizes with a display size, two radii, one elevation', () => {
    const theme = readFileSync(join(STYLES, 'styles/theme.css'), 'utf8')
    const tokens = Object.fromEntries(
      [...theme.matchAll(/(--[a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
    )
    const values = (prefix: string) =>
      Object.entries(tokens)
        .filter(([name]) => name.startsWith(prefix))
        .map(([, value]) => value)
    expect(values('--space-')).toEqual(['4px', '8px', '12px', '16px', '24px', '32px'])
    expect(values('--text-')).toEqual(['11px', '12px', '13px', '15px', '20px', '28px'])
    expect(tokens['--text-display']).toBe('28px')
    expect(values('--radius-')).toHaveLength(2)
    expect(values('--elevation-')).toHaveLength(1)
  })

  it('finds a stray value where one is written', () => {
    expect(strays('x.css', '.a { padding: 5px 8px; font-size: 1.05rem; border: 1px solid var(--bad); }')).toEqual([
      { file: 'x.css', property: 'padding', value: '5px 8px' },
      { file: 'x.css', property: 'font-size', value: '1.05rem' },
    ])
    expect(strays('x.css', '.a { padding: var(--space-2); margin: calc(var(--space-6) * 2) auto; }')).toEqual([])
    expect(strays('x.css', '.a { width: 214px; }')).toHaveLength(1)
    expect(strays('x.css', '.a { outline: 2px solid red; border-left: 4px solid red; }')).toHaveLength(2)
    expect(strays('x.css', '.a { outline: var(--stroke) solid var(--focus); border-bottom: 1px solid V; }')).toEqual([
      { file: 'x.css', property: 'border-bottom', value: '1px solid V' },
    ])
  })

  it('finds a raw colour outside theme.css: hex, a colour function or a named colour', () => {
    const css =
      '.a { color: #fff; background: rgb(0 0 0 / 0.4); border-color: hsl(0 50% 50%); outline: 1px solid red; }' +
      '.b { box-shadow: 0 0 0 var(--stroke) white; background-color: oklch(0.5 0.1 20); color: light-dark(#000, #fff); }'
    expect(strays('x.css', css).map((s) => s.property)).toEqual([
      'color',
      'background',
      'border-color',
      'outline',
      'box-shadow',
      'background-color',
      'color',
    ])
    const tokens =
      '.a { color: var(--text); background: none; border: 1px dashed var(--border); color: currentColor; }' +
      '.b { background: transparent; color: inherit; box-shadow: inset 0 calc(-1 * var(--stroke)) 0 var(--accent); }' +
      '.c { text-decoration: underline; outline: none; border-radius: 50%; border-collapse: collapse; }'
    expect(strays('x.css', tokens)).toEqual([])
    expect(strays('theme.css', ':root { --on-badge: #ffffff; --bg: light-dark(#fff, #000); }')).toEqual([])
  })
})
