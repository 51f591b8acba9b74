import { create } from 'zustand'
import { formatRoute, parseRoute } from './route'

/**
 * The sections in nav order, grouped as people look for them (issue 54): Home first, then money, paying,
 * destinations, controls and settings. A new screen is one entry in the group it belongs to; the first nine entries
 * in this order get Ctrl/Cmd+1..9, Settings has Ctrl/Cmd+, (renderer/src/shell/shortcuts.ts).
 */
export const NAV_GROUPS = [
  { label: null, sections: [{ id: 'home', label: 'Home' }] },
  {
    label: 'Money',
    sections: [
      { id: 'wallets', label: 'Wallets' },
      { id: 'transactions', label: 'Transactions' },
    ],
  },
  {
    label: 'Paying',
    sections: [
      { id: 'payouts', label: 'Payouts' },
      { id: 'batches', label: 'Batches' },
      { id: 'payRuns', label: 'Pay runs' },
    ],
  },
  { label: null, sections: [{ id: 'destinations', label: 'Destinations' }] },
  {
    label: 'Controls',
    sections: [
      { id: 'activity', label: 'Activity' },
      { id: 'agent', label: 'Agent' },
    ],
  },
  {
    label: 'Settings',
    sections: [
      { id: 'keys', label: 'Keys & profiles' },
      { id: 'safety', label: 'Safety' },
      { id: 'preferences', label: 'Preferences' },
      { id: 'people', label: 'People' },
      { id: 'notifications', label: 'Notifications' },
    ],
  },
  { label: 'Books', sections: [{ id: 'close', label: 'Month-end close' }] },
] as const

export type SectionId = (typeof NAV_GROUPS)[number]['sections'][number]['id']

export const SECTIONS: ReadonlyArray<{ id: SectionId; label: string }> = NAV_GROUPS.flatMap(
  (g): ReadonlyArray<{ id: SectionId; label: string }> => g.sections,
)

/** The Batches view (`#/batches/new`) for a new batch from a CSV file; Payouts' "Batch from CSV" opens it. */
export const NEW_BATCH_VIEW = 'new'

/** Payouts' view for the new-payout flow (`#/payouts/new`), where Ctrl/Cmd+N leads. */
export const NEW_PAYOUT_VIEW = 'new'

/** Where Ctrl/Cmd+, leads. */
export const SETTINGS_SECTION: SectionId = 'keys'

interface NavState {
  section: SectionId
  /** The wallet or withdrawal a section has open, if any. */
  detailId: string | null
  /** The section's view, if it has several (the new batch, Payouts' tabs and new payout); null: its first. */
  view: string | null
  go(section: SectionId, detailId?: string | null, view?: string | null): void
  /** Bumped when a keyboard shortcut opens a section: the shell then moves focus to the screen's heading. */
  headingFocus: number
  goFromKeyboard(section: SectionId, view?: string | null): void
}

const location = globalThis.location as Location | undefined
const start = location
  ? parseRoute(
      location.hash,
      SECTIONS.map((s) => s.id),
    )
  : null

export const useNav = create<NavState>((set) => ({
  section: start?.section ?? 'wallets',
  detailId: null,
  view: start?.view ?? null,
  go: (section, detailId = null, view = null) => set({ section, detailId, view }),
  headingFocus: 0,
  goFromKeyboard: (section, view = null) =>
    set((s) => ({ section, detailId: null, view, headingFocus: s.headingFocus + 1 })),
}))

// The address follows the route (replaced, not pushed: the app has its own back buttons), so a reload lands on it.
useNav.subscribe(({ section, view }) => {
  const hash = formatRoute({ section, view })
  if (location && location.hash !== hash) history.replaceState(null, '', hash)
})
