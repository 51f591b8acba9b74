import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const SYSTEM_NODE = '/usr/bin/node'
const PINNED_MAJOR = 24

/** The launcher re-runs itself only when started by a Node older than the one it needs. */
export function systemNodeIsOlder(): boolean {
  if (!existsSync(SYSTEM_NODE)) return false
  const version = execFileSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' })
  return Number(version.split('.')[0]) < PINNED_MAJOR
}
