import { create } from 'zustand'

export const SECTIONS = [
  { id: 'wallets', label: 'Wallets' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'destinations', label: 'Destinations' },
  { id: 'payouts', label: 'Payouts' },
  { id: 'keys', label: 'Keys & profiles' },
] as const

export type SectionId = (typeof SECTIONS)[number]['id']

interface NavState {
  section: SectionId
  /** The wallet or withdrawal a section has open, if any. */
  detailId: string | null
  go(section: SectionId, detailId?: string | null): void
}

export const useNav = create<NavState>((set) => ({
  section: 'wallets',
  detailId: null,
  go: (section, detailId = null) => set({ section, detailId }),
}))
