import { useEffect } from 'react'
import { SECTIONS, useNav } from '../stores/nav'

export const IS_MAC = navigator.platform.toLowerCase().includes('mac')
export const MOD_LABEL = IS_MAC ? '⌘' : 'Ctrl+'

/** Ctrl/Cmd+1..9 open the first nine sections in nav order (one digit: a later section has no shortcut). */
export function useSectionShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(IS_MAC ? e.metaKey : e.ctrlKey) || e.altKey || e.shiftKey) return
      const index = Number(e.key) - 1
      const section = SECTIONS[index]
      if (!section || document.querySelector('[role="dialog"]')) return
      e.preventDefault()
      useNav.getState().goFromKeyboard(section.id)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}
