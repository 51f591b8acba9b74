import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import type { DeskCallError } from '../desk'
import { markOld } from './desk-events'
import { deskKey } from './desk-keys'
import type { ReadChannel } from './read-channels'
import { deskMutationOptions } from './useDeskMutation'
import { useDeskQuery } from './useDeskQuery'

/** The reads that hold the profiles themselves: they outlive a profile switch, which they announce. */
export const PROFILE_READS = ['profiles.list', 'profiles.current'] as const satisfies readonly ReadChannel[]

const LIST = deskKey('profiles.list', {})
const CURRENT = deskKey('profiles.current', {})

export interface Profiles {
  /** Both reads answered once (or failed): until then the shell waits. */
  loaded: boolean
  error: DeskCallError | null
  profiles: ProfileView[]
  current: ProfileView | null
  reload(): Promise<void>
}

/**
 * Profiles and the selected one, kept fresh by profiles.changed (desk-events.ts); every screen reads the environment
 * from here.
 */
export function useProfiles(): Profiles {
  const client = useQueryClient()
  const list = useDeskQuery('profiles.list', {})
  const current = useDeskQuery('profiles.current', {})
  return {
    loaded: !list.isPending && !current.isPending,
    error: list.error ?? current.error,
    profiles: list.data ?? [],
    current: current.data ?? null,
    reload: () => markOld(client, PROFILE_READS),
  }
}

export const useCurrentProfile = (): ProfileView | null => useDeskQuery('profiles.current', {}).data ?? null

/** The selected profile's id as the cache holds it, for code outside a render (event listeners). */
export const currentProfileId = (client: QueryClient): string | null =>
  client.getQueryData<ProfileView | null>(CURRENT)?.id ?? null

/** Calls back with the selected profile's id now and on every change of the cached answer; returns the unsubscribe. */
export function watchCurrentProfile(client: QueryClient, listener: (profileId: string | null) => void): () => void {
  listener(currentProfileId(client))
  // The cache tells its listeners synchronously, before any screen re-renders with the new profile.
  return client.getQueryCache().subscribe(() => listener(currentProfileId(client)))
}

/**
 * A selected profile the core just answered with (a switch, the quick start): shown at once. The profiles are then
 * read again behind the answer; that read cancels one still in flight, started before the answer, which would bring
 * back the state before it.
 */
export function adoptProfile(client: QueryClient, profile: ProfileView): void {
  client.setQueryData<ProfileView[]>(LIST, (old = []) =>
    old.some((p) => p.id === profile.id) ? old.map((p) => (p.id === profile.id ? profile : p)) : [...old, profile],
  )
  client.setQueryData<ProfileView | null>(CURRENT, profile)
  void markOld(client, PROFILE_READS)
}

/** Switches profile; the answer becomes current at once (the cache of the previous profile is emptied then). */
export function useSelectProfile() {
  const client = useQueryClient()
  return useMutation({
    ...deskMutationOptions(client, 'profiles.select'),
    onSuccess: (profile) => adoptProfile(client, profile),
  })
}
