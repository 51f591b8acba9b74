import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import type { TestProject } from 'vitest/node'
import { CHILD_SCRIPT } from './ts-child'

declare module 'vitest' {
  export interface ProvidedContext {
    childBundles: string
  }
}

const ROOT = join(import.meta.dirname, '..', '..')

/**
 * Vitest's global setup: the harness's child scripts bundled once for the run, for test/harness/ts-child.ts. The
 * folder is the run's own (several runs may share a checkout) and sits in the checkout, so the bundles find
 * node_modules as the sources do.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  mkdirSync(join(ROOT, 'out'), { recursive: true })
  const dir = mkdtempSync(join(ROOT, 'out', 'test-children-'))
  const harness = import.meta.dirname
  await build({
    entryPoints: readdirSync(harness)
      .filter((f) => CHILD_SCRIPT.test(f))
      .map((f) => join(harness, f)),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // The same installed packages the sources import, resolved from node_modules as under tsx.
    packages: 'external',
    logLevel: 'warning',
  })
  project.provide('childBundles', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}
