import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** Sources the built renderer depends on; newer than the build means the build is stale. */
const SOURCES = ['renderer', 'shared', 'electron.vite.config.ts', 'package.json']

/** Builds `out/renderer` with electron-vite when it is missing or older than its sources. Returns its path. */
export function ensureRendererBuilt(root: string, log: (line: string) => void): string {
  const outDir = join(root, 'out', 'renderer')
  const index = join(outDir, 'index.html')
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0
  const stale = builtAt === 0 || SOURCES.some((s) => newestMtime(join(root, s)) > builtAt)
  if (!stale) return outDir
  if (!existsSync(join(root, 'renderer')))
    throw new Error(`The renderer is not built (${index}) and its sources are not here to build it.`)

  log(
    builtAt === 0
      ? 'Building the app (electron-vite build)…'
      : 'The app changed since the last build: rebuilding (electron-vite build)…',
  )
  // The package's exports hide its bin: find it beside its package.json.
  const cli = join(
    dirname(createRequire(join(root, 'package.json')).resolve('electron-vite/package.json')),
    'bin',
    'electron-vite.js',
  )
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
  if (result.status !== 0 || !existsSync(index)) throw new Error('Building the renderer failed (see the output above).')
  return outDir
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}
