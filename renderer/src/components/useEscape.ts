import { useEffect, useRef, type RefObject } from 'react'

/** The panels open now, the last opened last: Escape closes that one only. */
const open: Array<RefObject<() => void>> = []

/** A control that used Escape itself (a picker closing its list, a note editor) prevents it: no panel closes then. */
function onKey(e: KeyboardEvent) {
  if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[role="dialog"]')) return
  const top = open.at(-1)
  if (!top) return
  e.preventDefault()
  top.current()
}

/**
 * For a side panel, a form or a review: Escape closes it (unless a dialog is open above it, or a later panel is open:
 * that one closes first), and focus returns where it was. Focus moves to the element given the returned ref, if any.
 */
export function useEscape<T extends HTMLElement>(onClose: () => void) {
  const target = useRef<T>(null)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null
    target.current?.focus()
    if (open.length === 0) document.addEventListener('keydown', onKey)
    open.push(close)
    return () => {
      open.splice(open.indexOf(close), 1)
      if (open.length === 0) document.removeEventListener('keydown', onKey)
      if (before?.isConnected && (!document.activeElement || document.activeElement === document.body)) before.focus()
    }
  }, [])
  return target
}
