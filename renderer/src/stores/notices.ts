import { create } from 'zustand'
import type { ShownText } from '@shared/text/visible-text'
import type { SectionId } from './nav'

/** One item a notice about several sums up ("Payout of 12.5 USDC to Acme"), with the detail it opens. */
export interface NoticeDetail {
  text: ShownText
  detailId: string
}

/** How a notice reads at a glance: what went wrong is bad, what waits on the person waits (issue 54). */
export type NoticeTone = 'good' | 'info' | 'wait' | 'bad'

export interface Notice {
  id: string
  /** Unset: info. */
  tone?: NoticeTone
  /** Built with shownLine``: a notice names destinations and payouts, whose labels are someone else's text. */
  text: ShownText
  /** Where "Open" leads: a section and the item it shows (none: the section's list, for a notice about several). */
  section: SectionId
  detailId: string | null
  /** The section's view the list is on (Payouts' Waiting or Held tab), for a notice without a detail. */
  view?: string
  /** Notices of one burst key told close together are one notice (`at`: when it was last told). */
  burst?: string
  at?: number
  /** What a notice about several sums up, each openable. */
  details?: readonly NoticeDetail[]
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
