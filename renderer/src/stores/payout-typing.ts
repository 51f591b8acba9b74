import { create } from 'zustand'

/** What the new-payout form holds, as typed: chosen ids and the text of its fields. */
export interface PayoutTyping {
  walletId: string
  asset: string
  network: string
  amount: string
  destinationId: string
  fee: 'low' | 'medium' | 'high'
  reference: string
}

interface TypingState {
  /** The profile the typing belongs to: another profile's form starts empty. */
  profileId: string | null
  typing: PayoutTyping | null
  keep(profileId: string | null, typing: PayoutTyping): void
  clear(): void
}

/**
 * The new-payout form's fields outlive the flow: Escape or Back to the tabs and New payout again finds them as left.
 * Cancel, a request made and "Pay this destination" start it empty.
 */
export const usePayoutTyping = create<TypingState>((set) => ({
  profileId: null,
  typing: null,
  keep: (profileId, typing) => set({ profileId, typing }),
  clear: () => set({ profileId: null, typing: null }),
}))

export function keptTyping(profileId: string | null): PayoutTyping | null {
  const { profileId: owner, typing } = usePayoutTyping.getState()
  return owner === profileId ? typing : null
}
