import { create } from 'zustand'
import type { ShownText } from '@shared/text/visible-text'
import type { SectionId } from './nav'

export interface Notice {
  id: string
  /** Built with shownLine``: a notice names destinations and payouts, whose labels are someone else's text. */
  text: ShownText
  /** Where "Open" leads: a section and the item it shows (none: the section's list, for a notice about several). */
  section: SectionId
  detailId: string | null
}

interface NoticesState {
  items: Notice[]
  push(notice: Notice): void
  dismiss(id: string): void
}

/** Things that happened while the user looked elsewhere (a destination became usable, a payout moved on). */
export const useNotices = create<NoticesState>((set) => ({
  items: [],
  push: (notice) => set((s) => ({ items: [...s.items.filter((n) => n.id !== notice.id), notice] })),
  dismiss: (id) => set((s) => ({ items: s.items.filter((n) => n.id !== id) })),
}))
