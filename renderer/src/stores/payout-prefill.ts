import { create } from 'zustand'

interface PrefillState {
  /** The destination "Pay this destination" chose; the payout form starts from it once. */
  destinationId: string | null
  set(destinationId: string | null): void
}

export const usePayoutPrefill = create<PrefillState>((set) => ({
  destinationId: null,
  set: (destinationId) => set({ destinationId }),
}))
