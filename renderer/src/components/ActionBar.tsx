import type { ReactNode } from 'react'

/**
 * The one button order of every screen and dialog (issue 54): the safe way out first, where the eye lands, the step
 * forward last. `sticky` keeps it at the bottom of a review while the facts above scroll.
 */
export function ActionBar({ children, sticky, label }: { children: ReactNode; sticky?: boolean; label?: string }) {
  return (
    <div className={sticky ? 'actions actions-sticky' : 'actions'} role="group" aria-label={label ?? 'Actions'}>
      {children}
    </div>
  )
}
