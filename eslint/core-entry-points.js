import { existsSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'

/**
 * The CLI and the connector reach core only through a feature's use cases (`<feature>/use-cases.ts`), so every
 * surface passes the same rules, plus a short allow-list of what a host must wire itself (errors, the store's
 * opening and types, session opening). A type-only import calls nothing, so it is not checked.
 * With `featuresOnly`, inside core, only another feature's folder (one with a use-cases.ts) is guarded: a feature
 * reaches another through its use cases, while the shared rooms (store, api, csv...) stay open to it.
 * A feature's `module.ts` (its doors and background services) is a door for the composition root alone: the folders
 * named in `composers` (the session folder, and `desk` for desk.ts at core's root) combine the modules; no feature
 * does. A handler file (`handlers.ts`, `*-handlers.ts`) is imported only inside its own folder: even the composition
 * root registers a feature's doors through its module.
 */
function moduleOf(root, importer, source) {
  const target = resolve(dirname(importer), source)
  const rel = relative(root, target)
  if (rel.startsWith('..')) return null
  const dirIndex = resolve(target, 'index.ts')
  const asFile = existsSync(target + '.ts') || !existsSync(dirIndex)
  return (asFile ? rel : `${rel}${sep}index`).split(sep).join('/')
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'the CLI and the connector call core through use cases' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          allow: { type: 'array', items: { type: 'string' } },
          featuresOnly: { type: 'boolean' },
          composers: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      deep:
        "'{{module}}' is inside core: call the feature's use cases ('{{feature}}/use-cases') so every " +
        'surface passes the same rules.',
      handlers: "'{{module}}' is a handler file: register its doors through '{{feature}}/module'.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {}
    const root = resolve(context.cwd, options.root ?? 'electron/core')
    const allow = new Set(options.allow ?? [])
    const file = context.filename
    // A folder of core, or a file at its root by its name without `.ts` (desk.ts is `desk`).
    const own = relative(root, file).startsWith('..') ? null : relative(root, file).split(sep)[0].replace(/\.ts$/, '')
    const composes = (options.composers ?? []).includes(own)
    const isFeature = (feature) => !options.featuresOnly || existsSync(resolve(root, feature, 'use-cases.ts'))
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const module = moduleOf(root, file, source)
      if (module === null) return
      const feature = module.split('/')[0]
      if (feature !== own && /(^|\/|-)handlers$/.test(module)) {
        context.report({ node, messageId: 'handlers', data: { module, feature } })
        return
      }
      if (feature === own || !isFeature(feature) || /^[^/]+\/use-cases$/.test(module) || allow.has(module)) return
      if (composes && /^[^/]+\/module$/.test(module)) return
      context.report({ node, messageId: 'deep', data: { module, feature } })
    }
    return {
      ImportDeclaration: (n) => n.importKind !== 'type' && check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
    }
  },
}
