import { z } from 'zod'
import { AlgorithmSchema, EnvironmentSchema } from '../../../shared/ipc/channels/profiles'
import type { Profile } from './profile'

const ProfileRecordSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  name: z.string().min(1).max(80),
  environment: EnvironmentSchema,
  baseUrl: z.string().min(1),
  keyId: z.string().nullable(),
  algorithm: AlgorithmSchema,
  embedded: z.boolean(),
  agentWriteTools: z.boolean(),
  agentWhileLocked: z.enum(['work', 'refuse']).optional(),
  pendingKey: z.strictObject({ keyId: z.string().nullable() }).nullable(),
  createdAt: z.string(),
})

/** `profiles.json`, version 1. A later version bumps `version` and migrates on read. */
export const ProfileFileSchema = z.strictObject({
  version: z.literal(1),
  profiles: z.array(ProfileRecordSchema),
  currentProfileId: z.string().nullable(),
})

export interface ProfileFile {
  version: 1
  profiles: Profile[]
  currentProfileId: string | null
}

export const EMPTY_PROFILE_FILE: ProfileFile = { version: 1, profiles: [], currentProfileId: null }
