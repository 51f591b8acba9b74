import { create } from 'zustand'
import { asDeskError, call, DeskCallError } from '../desk'
import { useNav } from './nav'
import { useProfiles } from './profiles'

interface QuickstartState {
  busy: boolean
  error: DeskCallError | null
  run(): Promise<void>
}

/** The core answers within 15 s, naming the step that stalled; this is the backstop should the core itself not answer. */
const NO_ANSWER_MS = 20_000

/** Kept outside the welcome screen: profiles appear and vanish while it runs, which remounts screens. */
export const useQuickstart = create<QuickstartState>((set, get) => ({
  busy: false,
  error: null,
  async run() {
    if (get().busy) return
    set({ busy: true, error: null })
    try {
      const { profile } = await withinNoAnswer(call('quickstart.simulator', {}))
      // Wallets opens on the core's answer: the reload of every profile (a keychain read each) follows, not precedes it.
      useProfiles.getState().adopt(profile)
      useNav.getState().go('wallets')
      set({ busy: false })
    } catch (err) {
      set({ busy: false, error: asDeskError(err) })
    }
    void useProfiles.getState().load()
  },
}))

function withinNoAnswer<T>(answer: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeskCallError('timeout', `The app did not answer the quick start within ${NO_ANSWER_MS / 1000} s. Restart Payout Desk and try again.`)), NO_ANSWER_MS)
  })
  return Promise.race([answer, late]).finally(() => clearTimeout(timer))
}
