import { create } from 'zustand'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import { asDeskError, call, type DeskCallError } from '../desk'

interface ProfilesState {
  loaded: boolean
  error: DeskCallError | null
  profiles: ProfileView[]
  current: ProfileView | null
  load(): Promise<void>
  select(profileId: string): Promise<void>
  /** A selected profile the core just answered with (the quick start): shown at once, before any reload. */
  adopt(profile: ProfileView): void
}

/** Profiles and the selected one; every screen reads the environment from here. */
export const useProfiles = create<ProfilesState>((set, get) => {
  // Each profiles.changed starts a reload and the keychain behind them answers in any order: only the state read last
  // counts, so a reload started mid-way through a change cannot bring back the state before it.
  let latest = 0
  return {
    loaded: false,
    error: null,
    profiles: [],
    current: null,
    async load() {
      const mine = ++latest
      try {
        const [profiles, current] = await Promise.all([call('profiles.list', {}), call('profiles.current', {})])
        if (mine === latest) set({ profiles, current, loaded: true, error: null })
      } catch (err) {
        if (mine === latest) set({ error: asDeskError(err), loaded: true })
      }
    },
    async select(profileId) {
      const current = await call('profiles.select', { profileId })
      set({ current })
      await get().load()
    },
    adopt(profile) {
      latest++
      set((s) => ({ profiles: [...s.profiles.filter((p) => p.id !== profile.id), profile], current: profile, loaded: true, error: null }))
    },
  }
})
