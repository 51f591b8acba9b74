import { useEscape } from './useEscape'

/** Rendered inside a panel, form or review (or beside one shown conditionally): Escape closes it, as Cancel does. */
export function EscapeCloses({ onClose }: { onClose: () => void }) {
  useEscape(onClose)
  return null
}
