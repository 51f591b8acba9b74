import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../profiles/atomic-write'
import { pidAlive } from '../store'
import type { PeoplePort } from './people-port'

/** `<data>/desk-lock.json`: whether the app has a person at the desk, for the other processes (the connector). */
const StateSchema = z.strictObject({ unlocked: z.boolean(), pid: z.number().int().positive() })

const stateFile = (dataDir: string) => join(dataDir, 'desk-lock.json')

/** Written by the app at every lock and unlock; its process id says whether it still runs. */
export function writeLockState(dataDir: string, unlocked: boolean): Promise<void> {
  return writeFileAtomic(stateFile(dataDir), `${JSON.stringify({ unlocked, pid: process.pid })}\n`)
}

/**
 * Whether the desk is locked as another process sees it: people exist and no running app has one of them at the
 * desk (an app that is closed or gone has nobody at it). A file that cannot be read counts as locked.
 */
export async function deskLockedNow(dataDir: string, people: Pick<PeoplePort, 'list'>): Promise<boolean> {
  if ((await people.list()).length === 0) return false
  try {
    const state = StateSchema.parse(JSON.parse(await readFile(stateFile(dataDir), 'utf8')))
    return !(state.unlocked && pidAlive(state.pid))
  } catch {
    return true
  }
}
