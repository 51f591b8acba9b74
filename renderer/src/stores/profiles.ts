import { create } from 'zustand'
import type { ProfileView } from '../../../shared/ipc/channels/profiles'
import { asDeskError, call, type DeskCallError } from '../desk'

interface ProfilesState {
  loaded: boolean
  error: DeskCallError | null
  profiles: ProfileView[]
  current: ProfileView | null
  load(): Promise<void>
  select(profileId: string): Promise<void>
}

/** Profiles and the selected one; every screen reads the environment from here. */
export const useProfiles = create<ProfilesState>((set, get) => ({
  loaded: false,
  error: null,
  profiles: [],
  current: null,
  async load() {
    try {
      const [profiles, current] = await Promise.all([call('profiles.list', {}), call('profiles.current', {})])
      set({ profiles, current, loaded: true, error: null })
    } catch (err) {
      set({ error: asDeskError(err), loaded: true })
    }
  },
  async select(profileId) {
    const current = await call('profiles.select', { profileId })
    set({ current })
    await get().load()
  },
}))
