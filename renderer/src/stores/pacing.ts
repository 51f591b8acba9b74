import { create } from 'zustand'
import { call, on } from '../desk'

interface PacingState {
  remaining: number | null
  limit: number | null
  lastSuccessAt: number | null
  refresh(): Promise<void>
  /** Subscribes to pacing events; returns the unsubscribe. */
  follow(): () => void
}

/** The request budget the core paces against, and when the provider last answered. */
export const usePacing = create<PacingState>((set, get) => ({
  remaining: null,
  limit: null,
  lastSuccessAt: null,
  async refresh() {
    try {
      const s = await call('pacing.status', {})
      set({ remaining: s.remaining, limit: s.limit, lastSuccessAt: s.lastSuccessAt })
    } catch {
      set({ remaining: null, limit: null })
    }
  },
  follow() {
    return on('pacing.changed', (p) => {
      set({ remaining: p.remaining, limit: p.limit })
      void get().refresh()
    })
  },
}))
