import { join } from 'node:path'

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/

/** `<dataDir>/profiles/<id>/`: where a profile's outbox, audit log and caches live. */
export function profileDir(dataDir: string, profileId: string): string {
  // The id becomes a path segment: refuse anything that could climb out of the data directory.
  if (!SAFE_ID.test(profileId)) throw new Error(`Invalid profile id: ${JSON.stringify(profileId)}`)
  return join(dataDir, 'profiles', profileId)
}
