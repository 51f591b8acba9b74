import { z } from 'zod'
import { IdleLockMinutesSchema, ReaskMinutesSchema, type LockTimes } from '../../../shared/ipc/channels/desk-lock'
import { DeskError } from '../errors'
import type { AppSettingsStore } from '../settings'
import { DEFAULT_IDLE_MINUTES, DEFAULT_PRESENCE_MINUTES } from './desk-lock'

/** The desk's idle lock and re-ask minutes (`<data>/settings.json`, shared by the app and the CLI). */
export async function lockTimes(settings: AppSettingsStore): Promise<LockTimes> {
  const s = await settings.read()
  return {
    idleMinutes: s.idleLockMinutes ?? DEFAULT_IDLE_MINUTES,
    reaskMinutes: s.reaskMinutes ?? DEFAULT_PRESENCE_MINUTES,
  }
}

function checked(schema: z.ZodNumber, value: number | undefined): number | undefined {
  if (value === undefined) return undefined
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new DeskError('invalid_input', parsed.error.issues[0]?.message ?? 'Not a valid time.')
  return parsed.data
}

/**
 * Sets either time or both (an admin's act: the callers' gate and act guard); a time out of its range is refused
 * with the range, and nothing is written.
 */
export async function setLockTimes(
  settings: AppSettingsStore,
  change: { idleMinutes?: number; reaskMinutes?: number },
): Promise<LockTimes> {
  const idle = checked(IdleLockMinutesSchema, change.idleMinutes)
  const reask = checked(ReaskMinutesSchema, change.reaskMinutes)
  if (idle === undefined && reask === undefined)
    throw new DeskError('invalid_input', 'Give the idle lock time, the re-ask time, or both.')
  await settings.update({
    ...(idle === undefined ? {} : { idleLockMinutes: idle }),
    ...(reask === undefined ? {} : { reaskMinutes: reask }),
  })
  return lockTimes(settings)
}
