import { useEffect } from 'react'
import { NEW_PAYOUT_VIEW, SECTIONS, SETTINGS_SECTION, useNav } from '../stores/nav'

export const IS_MAC = navigator.platform.toLowerCase().includes('mac')
export const MOD_LABEL = IS_MAC ? '⌘' : 'Ctrl+'

/**
 * Ctrl/Cmd+1..9 open the first nine sections in nav order (one digit: a later section has no shortcut);
 * Ctrl/Cmd+, opens Settings, as in most desktop apps; Ctrl/Cmd+N a new payout (focus on its heading, as for a section).
 */
export function useSectionShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(IS_MAC ? e.metaKey : e.ctrlKey) || e.altKey || e.shiftKey) return
      if (e.key.toLowerCase() === 'n' && !document.querySelector('[role="dialog"]')) {
        e.preventDefault()
        useNav.getState().goFromKeyboard('payouts', NEW_PAYOUT_VIEW)
        return
      }
      const section = e.key === ',' ? SETTINGS_SECTION : SECTIONS[Number(e.key) - 1]?.id
      if (!section || document.querySelector('[role="dialog"]')) return
      e.preventDefault()
      useNav.getState().goFromKeyboard(section)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}
