import type { ReactNode } from 'react'
import { holdSlot } from '../stores/notice-slot'

/**
 * A screen's header (its title and actions) with the place alarms and notices show under it (shell/UnderHeader).
 * A screen with a side panel open puts that place in its main column instead (`notices={false}` and a NoticeSlot
 * there), so a notice arriving never moves the panel beside it (issue 54).
 */
export function ScreenHead({ children, notices = true }: { children: ReactNode; notices?: boolean }) {
  return (
    <>
      <div className="screen-head">{children}</div>
      {notices ? <NoticeSlot /> : null}
    </>
  )
}

/** Where alarms and notices show on a screen whose header does not hold them. */
export function NoticeSlot() {
  return <div className="notice-slot" ref={holdSlot} />
}
