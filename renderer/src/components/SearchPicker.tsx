import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { shown, shownLine } from '@shared/text/visible-text'
import { UserText } from '../names/UserText'
import { searchItems, type PickItem } from './picker-search'

/** More than this many matches are not drawn: the list says how many more and asks for a narrower search. */
const MAX_SHOWN = 300

interface Props {
  items: readonly PickItem[]
  /** The chosen item's id, '' for none. */
  value: string
  onChange: (id: string) => void
  /** "destination": completes "No destination matches …". */
  what: string
  disabled?: boolean
  placeholder?: string
  /** What to say when nothing can be chosen yet (the list is empty), instead of "No … matches". */
  emptyNote?: string
  /** Why a search matched nothing, when the caller knows better than "No … matches" (it is elsewhere). */
  noMatchNote?: (query: string) => string | null
  /** Set by Field: the label's target and the message describing the field. */
  id?: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

/** The chosen item as the field shows it: its name and address, shown safely. */
const fieldText = (item: PickItem) => shownLine`${item.name} · ${item.address}`

/**
 * A text field that searches a long list (a book of 200 destinations) by name, owner and address fragment, after the
 * ARIA combobox pattern: arrows move through the matches, Enter chooses, Escape closes the list (then clears the
 * search), Tab leaves. Names are isolated and cut at their logical end, whole in their title and when active.
 */
export function SearchPicker(props: Props) {
  const { items, value, onChange, what, disabled, placeholder, emptyNote, noMatchNote, id, ...aria } = props
  const listId = useId()
  const listRef = useRef<HTMLUListElement>(null)
  const chosen = items.find((i) => i.id === value)
  // null: the field shows the chosen item; a string: what is being typed.
  const [query, setQuery] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const matches = useMemo(() => (query ? searchItems(items, query) : [...items]), [items, query])
  const drawn = matches.slice(0, MAX_SHOWN)
  const optionId = (i: number) => `${listId}-o${i}`
  const text = query ?? (chosen ? fieldText(chosen) : '')

  useEffect(() => {
    if (open) listRef.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView({ block: 'nearest' })
  })

  const choose = (item: PickItem) => {
    onChange(item.id)
    setQuery(null)
    setOpen(false)
  }
  const openAt = (index: number) => {
    setOpen(true)
    setActive(Math.max(0, Math.min(index, drawn.length - 1)))
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const here = open
        ? active
        : Math.max(
            0,
            drawn.findIndex((i) => i.id === value),
          )
      openAt(open ? here + (e.key === 'ArrowDown' ? 1 : -1) : here)
    } else if (e.key === 'Enter' && open && drawn[active]) {
      e.preventDefault()
      choose(drawn[active])
    } else if (e.key === 'Escape' && (open || text)) {
      // Escape is the list's first (the panel around it closes on the next one).
      e.preventDefault()
      e.stopPropagation()
      setQuery(null)
      if (open) setOpen(false)
      else onChange('')
    } else if (e.key === 'Tab') setOpen(false)
  }

  return (
    <div className="picker">
      <input
        id={id}
        {...aria}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && drawn[active] ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        title={text || undefined}
        value={text}
        onChange={(e) => {
          setQuery(e.target.value)
          openAt(0)
          if (value) onChange('')
        }}
        onClick={() =>
          openAt(
            Math.max(
              0,
              drawn.findIndex((i) => i.id === value),
            ),
          )
        }
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false)
          setQuery(null)
        }}
      />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        className="picker-list"
        hidden={!open}
        aria-label={`${what} matches`}
      >
        {drawn.map((item, i) => (
          <li
            key={item.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={item.id === value ? 'picker-option chosen' : 'picker-option'}
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => i !== active && setActive(i)}
            onClick={() => choose(item)}
          >
            <span className="picker-name">
              <UserText>{item.name}</UserText>
              {item.more ? (
                <span className="muted">
                  {' · '}
                  <UserText>{item.more}</UserText>
                </span>
              ) : null}
            </span>
            <span className="sr-only"> · </span>
            <code className="mono picker-address">{item.address}</code>
          </li>
        ))}
      </ul>
      {open && matches.length === 0 ? (
        <p className="picker-note muted" role="status">
          {items.length === 0 && emptyNote
            ? emptyNote
            : ((query && noMatchNote?.(query)) ?? `No ${what} matches “${shown(query ?? '')}”.`)}
        </p>
      ) : null}
      {open && matches.length > drawn.length ? (
        <p className="picker-note muted" role="status">
          {matches.length - drawn.length} more: type part of a name or address to narrow.
        </p>
      ) : null}
    </div>
  )
}
