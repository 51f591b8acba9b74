import type { ReactNode } from 'react'
import { useNoticeSlot } from '../stores/notice-slot'

/** Fills the slot while it is in the page; a later screen's slot that took over is left alone. */
function holdSlot(el: HTMLDivElement) {
  useNoticeSlot.setState({ el })
  return () => useNoticeSlot.setState((s) => (s.el === el ? { el: null } : s))
}

/** A screen's header (its title and actions) with the place notices show under it (shell/Notices). */
export function ScreenHead({ children }: { children: ReactNode }) {
  return (
    <>
      <div className="screen-head">{children}</div>
      <div className="notice-slot" ref={holdSlot} />
    </>
  )
}
