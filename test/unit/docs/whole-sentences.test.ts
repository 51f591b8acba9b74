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

/**
 * Each paragraph and list item of prose, without code blocks (fenced or indented), headings, tables and images: what
 * a reader reads as sentences.
 */
function proseBlocks(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, '')
  return text
    .split(/\n\s*\n/)
    .flatMap((block) => block.split(/\n(?=\s*(?:[-*]|\d+\.) )/))
    .map((b) => b.trim())
    .filter((b) => b && !/^(#|\||!\[)/.test(b) && !/^ {4}/m.test(b.split('\n').at(-1) ?? ''))
    .filter((b) => !b.split('\n').at(-1)!.startsWith('#'))
}

describe('the docs read in whole sentences', () => {
  it('no paragraph or list item breaks off mid-sentence', () => {
    const broken = pages.flatMap((page) =>
      proseBlocks(readFileSync(join(ROOT, page), 'utf8'))
        .filter((b) => !/[.:;!?)`*"”>]$/.test(b))
        .map((b) => `${page}: …${b.slice(-80)}`),
    )
    expect(broken).toEqual([])
  })
})
