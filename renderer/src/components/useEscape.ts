import { useEffect, useRef } from 'react'

/**
 * For a side panel: focus moves to it when it opens, Escape closes it (unless a dialog is open above it), and focus
 * returns where it was. Returns the ref for the element that takes focus.
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
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || document.querySelector('[role="dialog"]')) return
      e.preventDefault()
      close.current()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      if (before?.isConnected) before.focus()
    }
  }, [])
  return target
}
