import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * No import cycle between the files of electron/core, type-only imports included: a file that imports another must
 * not be reachable from it, so every file can be read (and moved) after the files it stands on. The folder rule
 * (desk/core-folder-cycles) sees folders; this sees the files inside them too.
 */
const CORE = resolve('electron/core')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** The file a relative specifier names, as TypeScript resolves it: `x.ts`, `x.tsx` or `x/index.ts`. */
function resolved(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''))
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f)) ?? null
}

/** Each core file's imports of other core files (import, import type, export ... from, import()). */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((s) => s.startsWith('.'))
      .map((s) => resolved(file, s))
      .filter((t): t is string => t !== null && t.startsWith(CORE))
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** The strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string): void => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found.map((c) => c.map((f) => relative(CORE, f)))
}

describe('electron/core has no import cycle between files', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const [a, b, c] = ['a.ts', 'b.ts', 'c.ts'].map((f) => join(CORE, f)) as [string, string, string]
    const graph = new Map([
      [a, [b]],
      [b, [c]],
      [c, [a]],
    ])
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']])
    expect(cycles(new Map([...graph, [c, []]]))).toEqual([])
  })

  it('reads every core file and finds none', () => {
    const graph = importGraph(sourceFiles(CORE))
    expect(graph.size).toBeGreaterThan(100)
    expect(cycles(graph)).toEqual([])
  })
})
