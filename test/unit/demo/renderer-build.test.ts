import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The demo serves out/renderer, building it with electron-vite only when it is missing or older than its sources.
const spawnSync = vi.hoisted(() => vi.fn())
vi.mock('node:child_process', () => ({ spawnSync }))
const { ensureRendererBuilt } = await import('../../../electron/cli/demo/renderer-build')

const PROJECT = join(import.meta.dirname, '../../..')
let root: string
let log: ReturnType<typeof vi.fn<(line: string) => void>>
const index = () => join(root, 'out', 'renderer', 'index.html')
const at = (path: string, seconds: number) => utimes(path, seconds, seconds)

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'renderer-build-'))
  log = vi.fn()
  spawnSync.mockReset()
  await writeFile(join(root, 'package.json'), '{"name":"payout-desk"}')
  await symlink(join(PROJECT, 'node_modules'), join(root, 'node_modules'))
  await mkdir(join(root, 'renderer', 'src'), { recursive: true })
  await writeFile(join(root, 'renderer', 'src', 'App.tsx'), 'export {}')
  for (const path of [
    join(root, 'package.json'),
    join(root, 'renderer', 'src', 'App.tsx'),
    join(root, 'renderer', 'src'),
    join(root, 'renderer'),
  ])
    await at(path, 1_000)
})
afterEach(() => rm(root, { recursive: true, force: true }))

async function built(seconds: number): Promise<void> {
  await mkdir(join(root, 'out', 'renderer'), { recursive: true })
  await writeFile(index(), '<!doctype html>')
  await at(index(), seconds)
}

describe('ensureRendererBuilt', () => {
  it('a build newer than every source is served as it is', async () => {
    await built(2_000)
    expect(ensureRendererBuilt(root, log)).toBe(join(root, 'out', 'renderer'))
    expect(spawnSync).not.toHaveBeenCalled()
    expect(log).not.toHaveBeenCalled()
  })

  it('installed packages under a source folder do not make the build stale', async () => {
    await built(2_000)
    await mkdir(join(root, 'renderer', 'node_modules'))
    await writeFile(join(root, 'renderer', 'node_modules', 'x.js'), '')
    await at(join(root, 'renderer', 'node_modules', 'x.js'), 3_000)
    await at(join(root, 'renderer', 'node_modules'), 3_000)
    await at(join(root, 'renderer'), 1_000)
    expect(ensureRendererBuilt(root, log)).toBe(join(root, 'out', 'renderer'))
    expect(spawnSync).not.toHaveBeenCalled()
  })

  it('a source newer than the build rebuilds it with electron-vite in the project folder, and says why', async () => {
    await built(500)
    spawnSync.mockImplementation(() => ({ status: 0 }))
    expect(ensureRendererBuilt(root, log)).toBe(join(root, 'out', 'renderer'))
    expect(log).toHaveBeenCalledWith('The app changed since the last build: rebuilding (electron-vite build)…')
    const [node, args, options] = spawnSync.mock.calls[0] as [string, string[], { cwd: string }]
    expect(node).toBe(process.execPath)
    expect(args[0]).toMatch(/electron-vite[/\\]bin[/\\]electron-vite\.js$/)
    expect(args[1]).toBe('build')
    expect(options.cwd).toBe(root)
  })

  it('no build at all: builds, and a build that fails or writes no page is an error', async () => {
    spawnSync.mockImplementation(() => ({ status: 1 }))
    expect(() => ensureRendererBuilt(root, log)).toThrow('Building the renderer failed (see the output above).')
    expect(log).toHaveBeenCalledWith('Building the app (electron-vite build)…')
    spawnSync.mockImplementation(() => ({ status: 0 }))
    expect(() => ensureRendererBuilt(root, log)).toThrow('Building the renderer failed')
  })

  it('no build and no sources to build it from (an installed package) is an error naming the page', async () => {
    await rm(join(root, 'renderer'), { recursive: true })
    expect(() => ensureRendererBuilt(root, log)).toThrow(
      `The renderer is not built (${index()}) and its sources are not here to build it.`,
    )
    expect(existsSync(index())).toBe(false)
    expect(spawnSync).not.toHaveBeenCalled()
  })
})
