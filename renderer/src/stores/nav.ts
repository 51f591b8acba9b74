import { create } from 'zustand'

export const SECTIONS = [
  { id: 'wallets', label: 'Wallets' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'destinations', label: 'Destinations' },
  { id: 'payouts', label: 'Payouts' },
  { id: 'keys', label: 'Keys & profiles' },
  { id: 'home', label: 'Home' },
  { id: 'activity', label: 'Activity' },
  { id: 'batches', label: 'Batches' },
  { id: 'payRuns', label: 'Pay runs' },
  { id: 'people', label: 'People' },
  { id: 'close', label: 'Month-end close' },
  { id: 'notifications', label: 'Notifications' },
] as const

export type SectionId = (typeof SECTIONS)[number]['id']

interface NavState {
  section: SectionId
  /** The wallet or withdrawal a section has open, if any. */
  detailId: string | null
  go(section: SectionId, detailId?: string | null): void
  /** Bumped when a keyboard shortcut opens a section: the shell then moves focus to the screen's heading. */
  headingFocus: number
  goFromKeyboard(section: SectionId): void
}

export const useNav = create<NavState>((set) => ({
  section: 'wallets',
  detailId: null,
  go: (section, detailId = null) => set({ section, detailId }),
  headingFocus: 0,
  goFromKeyboard: (section) => set((s) => ({ section, detailId: null, headingFocus: s.headingFocus + 1 })),
}))
