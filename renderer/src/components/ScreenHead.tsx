import type { ReactNode } from 'react'
import { holdSlot } from '../stores/notice-slot'

/** A screen's header (its title and actions) with the place alarms and notices show under it (shell/UnderHeader). */
export function ScreenHead({ children }: { children: ReactNode }) {
  return (
    <>
      <div className="screen-head">{children}</div>
      <div className="notice-slot" ref={holdSlot} />
    </>
  )
}
