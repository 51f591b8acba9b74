import { useState, type ReactNode } from 'react'
import { shownLine, type ShownText } from '@shared/text/visible-text'

/** A filter set under "More filters", shown as a chip that removes it. */
export interface FilterChip {
  key: string
  /** Built with shownLine``: a filter may hold someone else's text (a searched name, a tag). */
  text: ShownText
  onRemove: () => void
}

interface Props {
  /** Names the search landmark ("Filter transactions"). */
  label: string
  /** The search field and the two or three filters people use, always in view. */
  children: ReactNode
  /** The other filters, behind "More filters". */
  more?: ReactNode
  /** The filters among `more` that are set, each removable without opening them. */
  chips?: readonly FilterChip[]
  onClear?: () => void
  /** Keeps the other filters open, as when one of them has an error to show. */
  moreOpen?: boolean
  /** What the Export menu holds (its formats and the export button). */
  exportMenu?: ReactNode
}

/**
 * A list's filters on one line (issue 54): search and the filters people use, "More filters" for the rest with the
 * ones set as removable chips, and Export in a menu, so the list starts near the top of the window.
 */
export function FilterBar({ label, children, more, chips = [], onClear, moreOpen = false, exportMenu }: Props) {
  const [open, setOpen] = useState(false)
  const shownMore = Boolean(more) && (open || moreOpen)
  const [exporting, setExporting] = useState(false)
  return (
    <div className="filter-bar">
      <div role="search" aria-label={label}>
        <div className="filter-row">
          {children}
          {more ? (
            <button
              type="button"
              className="filter-more-toggle"
              aria-expanded={shownMore}
              onClick={() => setOpen((o) => !o)}
            >
              {shownMore ? 'Fewer filters' : 'More filters'}
              {chips.length > 0 ? ` (${chips.length})` : ''}
            </button>
          ) : null}
          {onClear ? (
            <button type="button" className="filters-clear" onClick={onClear}>
              Clear filters
            </button>
          ) : null}
          <span className="spacer" />
          {exportMenu ? (
            <button
              type="button"
              className="filter-export-toggle"
              aria-expanded={exporting}
              onClick={() => setExporting((e) => !e)}
            >
              Export ▾
            </button>
          ) : null}
        </div>
        {shownMore ? <div className="filter-row filter-more">{more}</div> : null}
        {!shownMore && chips.length > 0 ? (
          <ul className="filter-chips" aria-label="More filters set">
            {chips.map((c) => (
              <li key={c.key} className="chip chip-info">
                {c.text}{' '}
                <button
                  type="button"
                  className="link"
                  aria-label={shownLine`Remove filter: ${c.text}`}
                  onClick={c.onRemove}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {exporting && exportMenu ? (
        <div className="panel filter-export" role="group" aria-label="Export">
          {exportMenu}
        </div>
      ) : null}
    </div>
  )
}
