import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SYSTEM_NODE } from '../../harness/system-node'

const ROOT = resolve(import.meta.dirname, '../../..')
const NPM_CLI = join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm', 'bin', 'npm-cli.js')
const dir = mkdtempSync(join(tmpdir(), 'install-engines-'))
for (const f of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, f), join(dir, f))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** What `npm install` says about engines, run by `node` (the lockfile's tree, nothing fetched, nothing written). */
function engineWarnings(node: string): string[] {
  const run = spawnSync(node, [NPM_CLI, 'install', '--dry-run', '--ignore-scripts', '--offline', '--no-audit'], {
    cwd: dir,
    encoding: 'utf8',
  })
  expect(run.status, run.stderr).toBe(0)
  return [...run.stderr.matchAll(/EBADENGINE\s+package: '([^']+)'/g)].map((m) => m[1]!)
}

describe('npm install and the pinned Node 24', () => {
  it('the project itself raises no engine warning on the system Node that runs npm', () => {
    if (!existsSync(SYSTEM_NODE)) return
    expect(engineWarnings(SYSTEM_NODE).filter((p) => p.startsWith('payout-desk@'))).toEqual([])
  })

  it('every package accepts the pinned Node the scripts run on', () => {
    expect(process.versions.node.split('.')[0]).toBe('24')
    expect(engineWarnings(process.execPath)).toEqual([])
  })
})
