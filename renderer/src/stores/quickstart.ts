import { create } from 'zustand'
import { asDeskError, call, type DeskCallError } from '../desk'
import { useNav } from './nav'
import { useProfiles } from './profiles'

interface QuickstartState {
  busy: boolean
  error: DeskCallError | null
  run(): Promise<void>
}

/** Kept outside the welcome screen: profiles appear and vanish while it runs, which remounts screens. */
export const useQuickstart = create<QuickstartState>((set, get) => ({
  busy: false,
  error: null,
  async run() {
    if (get().busy) return
    set({ busy: true, error: null })
    try {
      await call('quickstart.simulator', {})
      await useProfiles.getState().load()
      useNav.getState().go('wallets')
      set({ busy: false })
    } catch (err) {
      await useProfiles.getState().load()
      set({ busy: false, error: asDeskError(err) })
    }
  },
}))
