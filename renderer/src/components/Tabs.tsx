import { useId, useRef, type ReactNode } from 'react'
import { tabAfterKey } from './tab-keys'

export interface TabItem<T extends string> {
  id: T
  title: string
  /** Shown beside the label; null while it is not known yet (nothing shown rather than a wrong zero). */
  count?: number | null
  /** The count asks for attention (items that wait on the person). */
  attention?: boolean
}

interface Props<T extends string> {
  label: string
  tabs: ReadonlyArray<TabItem<T>>
  current: T
  onChange: (id: T) => void
  children: ReactNode
}

/**
 * Tabs as the ARIA pattern has them: one tab stop, arrows and Home/End move and open (the panels are cheap to show),
 * only the open panel is on the page. The owner keeps the current tab (in the route, for Payouts).
 */
export function Tabs<T extends string>({ label, tabs, current, onChange, children }: Props<T>) {
  const base = useId()
  const list = useRef<HTMLDivElement>(null)
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.id === current),
  )
  const open = (next: number) => {
    const tab = tabs[next]
    if (!tab) return
    onChange(tab.id)
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus()
  }
  return (
    <div className="tabs">
      <div
        role="tablist"
        aria-label={label}
        className="tab-list"
        ref={list}
        onKeyDown={(e) => {
          const next = tabAfterKey(e.key, index, tabs.length)
          if (next === null) return
          e.preventDefault()
          open(next)
        }}
      >
        {tabs.map((t, i) => {
          const selected = i === index
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={selected ? `${base}-panel` : undefined}
              tabIndex={selected ? 0 : -1}
              className="tab"
              onClick={() => onChange(t.id)}
            >
              {t.title}
              {/* A space, so the name reads "Waiting 302", not "Waiting302". */}
              {t.count != null ? ' ' : null}
              {t.count != null ? (
                <span className={t.attention && t.count > 0 ? 'tab-count attention' : 'tab-count'}>{t.count}</span>
              ) : null}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${tabs[index]?.id}`} tabIndex={0}>
        {children}
      </div>
    </div>
  )
}
