import { useEscape } from './useEscape'

/**
 * The way back from a detail screen, the same on every one (issue 54): "← Section" first in the screen's header, a
 * link-styled button reached by Tab, and Escape, which closes what was opened last (a panel open above the screen
 * closes first). Never printed: a receipt prints without it.
 */
export function BackLink({ label, onBack }: { label: string; onBack: () => void }) {
  useEscape(onBack)
  return (
    <button type="button" className="link back-link no-print" onClick={onBack}>
      ← {label}
    </button>
  )
}
