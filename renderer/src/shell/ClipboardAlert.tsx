import { useEffect, useState } from 'react'
import type { EventPayload } from '@shared/ipc/events'
import { shown } from '@shared/text/visible-text'
import { on } from '../desk'

/** Said at once when the clipboard changed to another address after the app copied one (the shell watches a minute). */
export function ClipboardAlert() {
  const [swap, setSwap] = useState<EventPayload<'clipboard.swapped'> | null>(null)
  useEffect(() => on('clipboard.swapped', setSwap), [])
  if (!swap) return null
  return (
    <div className="notice warn" role="alert" data-testid="clipboard-alert">
      <strong>The clipboard holds another address.</strong> {shown(swap.message)}{' '}
      <button type="button" onClick={() => setSwap(null)}>
        Dismiss
      </button>
    </div>
  )
}
