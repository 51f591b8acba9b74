import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

/**
 * No import cycle between the folders of electron/core: a folder that imports another must not be
 * reachable from it. Files directly in the root (desk.ts, errors.ts, ...) are each their own node; every other file
 * is its folder, handlers included (what a feature's doors need of another feature comes in from the root as a port).
 * The graph is read from disk once per lint run, with the file being linted taken as it is now.
 */
const graphs = new Map()

function nodeOf(root, file) {
  const rel = relative(root, file)
  if (rel.startsWith('..')) return null
  const parts = rel.split(sep)
  return parts.length === 1 ? rel.replace(/\.tsx?$/, '') : parts[0]
}

function importsOf(file, text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((i) => i.fileName)
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(dirname(file), s) + '.ts')
}

/** Each file's imports as [its folder, the imported folder] pairs, across folders only. */
function graphFor(root) {
  if (graphs.has(root)) return graphs.get(root)
  const edges = new Map()
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.tsx?$/.test(name))
        edges.set(path, folderPairs(root, path, importsOf(path, readFileSync(path, 'utf8'))))
    }
  }
  walk(root)
  const graph = { root, files: edges, skip: null, next: null }
  graphs.set(root, graph)
  return graph
}

function folderPairs(root, file, targets) {
  const a = nodeOf(root, file)
  return targets.map((t) => [a, nodeOf(root, t)]).filter(([from, to]) => from !== null && to !== null && from !== to)
}

/**
 * Folder → folders it imports, over every file's imports but `skip` (the file being linted): made once per linted
 * file from folder pairs made once per run. Rebuilt from paths for each import statement, it was a quarter of the
 * lint run's time.
 */
function foldersWithout(graph, skip) {
  if (graph.skip === skip) return graph.next
  const next = new Map()
  for (const [file, pairs] of graph.files) {
    if (file === skip) continue
    for (const [a, b] of pairs) {
      if (!next.has(a)) next.set(a, new Set())
      next.get(a).add(b)
    }
  }
  graph.skip = skip
  graph.next = next
  return next
}

/** A path of folders from `from` to `to` over every file's imports but `skip` (the file being linted), or null. */
function folderPath(graph, from, to, skip) {
  const next = foldersWithout(graph, skip)
  const seen = new Map([[from, null]])
  const queue = [from]
  while (queue.length > 0) {
    const at = queue.shift()
    if (at === to) {
      const path = []
      for (let n = to; n !== null; n = seen.get(n)) path.unshift(n)
      return path
    }
    for (const n of next.get(at) ?? []) {
      if (!seen.has(n)) {
        seen.set(n, at)
        queue.push(n)
      }
    }
  }
  return null
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'no import cycle between the folders of electron/core' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      cycle:
        'Folder cycle in electron/core: {{path}}. Move what both need into a folder that neither imports back, ' +
        'or call it through a use case.',
    },
  },
  create(context) {
    const root = resolve(context.cwd, context.options[0]?.root ?? 'electron/core')
    const file = context.filename
    const own = nodeOf(root, file)
    if (own === null || relative(root, file).split(sep).length === 1) return {}
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const target = nodeOf(root, resolve(dirname(file), source) + '.ts')
      if (target === null || target === own) return
      const back = folderPath(graphFor(root), target, own, file)
      if (back) context.report({ node, messageId: 'cycle', data: { path: [own, ...back].join(' → ') } })
    }
    return {
      ImportDeclaration: (n) => check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
    }
  },
}
