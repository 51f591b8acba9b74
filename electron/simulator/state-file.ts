import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import type { EnvironmentData, EnvironmentName } from './types'

export type SavedState = Record<EnvironmentName, EnvironmentData>

export function loadState(file: string): SavedState | null {
  if (!existsSync(file)) return null
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SavedState>
  if (!parsed.sandbox || !parsed.production) throw new Error(`${file} is not a simulator state file`)
  const balances = [...parsed.sandbox.wallets, ...parsed.production.wallets].flatMap((w) => w.balances)
  if (balances.some((b) => typeof b.opening_amount !== 'string')) {
    throw new Error(
      `${file} was written by an older simulator whose balances did not follow their movements; move it away ` +
        `to start afresh`,
    )
  }
  return parsed as SavedState
}

/** Atomic replace: write a temp file, fsync it, rename over the target, fsync the directory. */
export function saveState(file: string, state: SavedState): void {
  const temp = `${file}.${process.pid}.tmp`
  const fd = openSync(temp, 'w', 0o600)
  try {
    writeSync(fd, JSON.stringify(state))
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temp, file)
  const dir = openSync(dirname(file), 'r')
  try {
    fsyncSync(dir)
  } finally {
    closeSync(dir)
  }
}
