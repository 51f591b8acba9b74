import type { DecisionPath } from '../../../shared/audit/activity-action'
import { decisionEntry, who, type Surface } from '../audit/use-cases'
import { ProfileStore } from '../profiles'
import type { Profile } from '../profiles/profile'
import type { DeskStore } from '../store'

/** Runs one piece of work on a profile's store: the app's open session's, or one opened (and closed) for it. */
export type WithProfileStore = <T>(profile: Profile, work: (store: DeskStore) => T | Promise<T>) => Promise<T>

/** What the desk itself did (not one profile): people, the lock, the lock's times. */
export interface DeskEvent {
  path: Extract<DecisionPath, `people.${string}` | `desk.${string}`>
  surface: Surface
  /** The person who did it (an admin, the person at the desk), or null when nobody is named (the desk's start). */
  by: string | null
  detail: Record<string, unknown>
}

/**
 * People and the lock belong to the data folder, but the audit chain is a profile's: so a desk event is written into
 * every profile's audit log, and each profile's chain vouches for it (`audit verify` checks it there). Resolves to how
 * many logs took it; a desk without a profile has no chain to write in (0), and the caller keeps it in its log file.
 * Every profile is tried; the first failure is thrown after the others were written.
 */
export async function auditDeskEvent(
  dataDir: string,
  withStore: WithProfileStore,
  event: DeskEvent,
  at = new Date(),
): Promise<number> {
  const entry = decisionEntry(at, event.path, who(event.surface, event.by ?? 'nobody'), null, {
    ...event.detail,
    by: event.by,
  })
  const failures: unknown[] = []
  const profiles = await new ProfileStore(dataDir).list()
  for (const profile of profiles) {
    await withStore(profile, (store) =>
      store.transaction('record a desk event', () => void store.audit.append(entry)),
    ).catch((err: unknown) => failures.push(err))
  }
  if (failures.length > 0) throw failures[0]
  return profiles.length
}
