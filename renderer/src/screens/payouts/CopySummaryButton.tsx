import type { Withdrawal } from '@shared/api/resources'
import { approverSummary } from '@shared/payouts/approver-summary'
import { useNameBook } from '../../names/useNameBook'
import { useState } from 'react'

/** Copies what an approver needs to find and check this payout in the provider's console. */
export function CopySummaryButton({ w }: { w: Withdrawal }) {
  const names = useNameBook()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = () => {
    const known = names.address(w.destination, w.network)
    const name =
      known?.kind === 'destination' ? known.destination.label : known?.kind === 'wallet' ? known.wallet.name : null
    navigator.clipboard.writeText(approverSummary(w, name)).then(
      () => setState('copied'),
      () => setState('failed'),
    )
    window.setTimeout(() => setState('idle'), 1500)
  }
  return (
    // Quiet like the row's other copies: shown on hover or keyboard focus, so a waiting row stays one line (issue 54).
    <button
      type="button"
      className="copy"
      onClick={copy}
      data-testid="copy-approver-summary"
      title="What an approver needs to find and check this payout in the console"
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy summary'}
    </button>
  )
}
