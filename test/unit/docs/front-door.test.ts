import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../../..')
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')
const pages = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

/** Words as a reader counts them: prose and commands, not the markup around them. */
const words = (markdown: string) =>
  markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter((w) => /\w/.test(w))

describe('the README is the front door', () => {
  it('stays under 1,500 words', () => {
    const count = words(read('README.md')).length
    console.log(`README: ${count} words`)
    expect(count).toBeLessThan(1500)
  })

  it('says the two commands and how to register a key', () => {
    const readme = read('README.md')
    expect(readme).toContain('npm install && npm start')
    expect(readme).toContain('npm test')
    expect(readme).toMatch(/## Register a key/)
  })

  it.each(pages)('%s links only to files that exist', (page) => {
    const targets = [...read(page).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((t) => !/^[a-z]+:/.test(t))
    const missing = targets.filter((t) => !existsSync(resolve(ROOT, dirname(page), t)))
    expect(missing).toEqual([])
  })

  it('keeps a glossary of the words the app uses in its own sense', () => {
    const glossary = read('docs/glossary.md')
    for (const word of ['outbox', 'held', 'bait', 'dust', 'words', 'desk', 'glance'])
      expect(glossary).toMatch(new RegExp(`\\*\\*[^*]*${word}`, 'i'))
  })
})
