import type { z } from 'zod'
import type { AlgorithmSchema, EnvironmentSchema, ProfileView } from '../../../shared/ipc/channels/profiles'

export type Environment = z.infer<typeof EnvironmentSchema>
export type Algorithm = z.infer<typeof AlgorithmSchema>

/** A profile as stored in `profiles.json`. The secret key is never here: it lives in the keychain. */
export interface Profile {
  id: string
  name: string
  environment: Environment
  baseUrl: string
  keyId: string | null
  algorithm: Algorithm
  /** The app's embedded local simulator. */
  embedded: boolean
  agentWriteTools: boolean
  /** The agent's write tools while the desk is locked: go on under the policy (absent: the default) or refuse. */
  agentWhileLocked?: 'work' | 'refuse'
  /** A rotated key waiting beside the active one until its Key ID passes the connection test. */
  pendingKey: { keyId: string | null } | null
  createdAt: string
}

/** The renderer's view: the profile plus whether the keychain holds its key. */
export function profileView(profile: Profile, hasKey: boolean): ProfileView {
  return {
    id: profile.id,
    name: profile.name,
    environment: profile.environment,
    baseUrl: profile.baseUrl,
    keyId: profile.keyId,
    algorithm: profile.algorithm,
    embedded: profile.embedded,
    agentWriteTools: profile.agentWriteTools,
    hasKey,
    pendingKey: profile.pendingKey,
  }
}
