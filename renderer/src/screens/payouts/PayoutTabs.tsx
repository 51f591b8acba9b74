import { Tabs } from '../../components/Tabs'
import type { PayoutDraft } from './PayoutForm'
import { ConsolePanel } from './ConsolePanel'
import { HeldPanel } from './HeldPanel'
import { usePayoutCounts } from './payout-counts'
import { TestPayoutsPanel } from './TestPayoutsPanel'
import { WaitingPanel } from './WaitingPanel'
import { WithdrawalList } from './WithdrawalList'

export const PAYOUT_TABS = ['waiting', 'held', 'history'] as const
export type PayoutTab = (typeof PAYOUT_TABS)[number]

/** The route's view as a tab: History unless it names another. */
export function payoutTab(view: string | null): PayoutTab {
  return PAYOUT_TABS.find((t) => t === view) ?? 'history'
}

interface Props {
  tab: PayoutTab
  onTab: (tab: PayoutTab) => void
  onReviewRest: (draft: PayoutDraft, testKey: string) => void
}

/**
 * Waiting (on the console, to be sent, test payouts' rest), Held (the agent's, for a person) and History (the list
 * with its filters and export), one at a time, each with its count, so a team's 300 waiting rows never stand between
 * the user and the rest.
 */
export function PayoutTabs({ tab, onTab, onReviewRest }: Props) {
  const counts = usePayoutCounts()
  return (
    <Tabs
      label="Payouts"
      current={tab}
      onChange={onTab}
      tabs={[
        { id: 'waiting', title: 'Waiting', count: counts.waiting, attention: true },
        { id: 'held', title: 'Held', count: counts.held, attention: true },
        { id: 'history', title: 'History', count: counts.history },
      ]}
    >
      {tab === 'waiting' ? (
        <>
          <WaitingPanel />
          <TestPayoutsPanel onReviewRest={onReviewRest} />
          <ConsolePanel />
        </>
      ) : null}
      {tab === 'held' ? (
        <>
          <HeldPanel />
          {counts.held === 0 ? <p className="muted small">Nothing is held for you.</p> : null}
        </>
      ) : null}
      {tab === 'history' ? <WithdrawalList /> : null}
    </Tabs>
  )
}
