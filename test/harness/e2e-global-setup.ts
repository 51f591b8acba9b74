import { execFileSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..')

function newest(dir: string): number {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return latest
}

/** Builds the renderer once when the build is missing or older than its sources. */
export default function globalSetup(): void {
  const built = join(ROOT, 'out', 'renderer', 'index.html')
  let builtAt = 0
  try {
    builtAt = statSync(built).mtimeMs
  } catch {
    builtAt = 0
  }
  const sourcesAt = Math.max(newest(join(ROOT, 'renderer')), newest(join(ROOT, 'shared')))
  if (builtAt > sourcesAt) return
  execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' })
}
