import { useState } from 'react'
import { useDeskMutation } from '../data/useDeskMutation'

/**
 * A small button that copies `value`; its label says what it copies for screen readers. With a `warning` (an
 * address flagged as suspected poisoning) nothing is copied until the person has read why and chosen to copy anyway.
 */
export function CopyButton({
  value,
  what,
  warning,
  network,
}: {
  value: string
  what: string
  warning?: string
  network?: string | null
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const [confirming, setConfirming] = useState(false)
  const copyAddress = useDeskMutation('app.copyAddress')
  const copy = () => {
    setConfirming(false)
    // An address goes through the shell, which writes it and watches the clipboard a minute for a swap; where the
    // shell has no clipboard (the browser demo), or for other values, the page copies it.
    const viaShell = network
      ? copyAddress.mutateAsync({ network, address: value }).then((r) => r.copied)
      : Promise.resolve(false)
    viaShell
      .then((copied) => (copied ? undefined : navigator.clipboard.writeText(value)))
      .then(
        () => setState('copied'),
        () => setState('failed'),
      )
    window.setTimeout(() => setState('idle'), 1500)
  }
  const button = (
    <button
      type="button"
      className="copy"
      onClick={warning && !confirming ? () => setConfirming(true) : copy}
      aria-label={`Copy ${what}`}
      title={`Copy ${what}`}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
    </button>
  )
  if (!confirming) return button
  return (
    <span className="copy-warning notice warn" role="alert" data-testid="copy-warning">
      {warning} {/* The safe choice first and primary; copying the bait is the outlined one after it (issue 54). */}
      <button type="button" className="primary" onClick={() => setConfirming(false)} autoFocus>
        Do not copy
      </button>{' '}
      <button type="button" className="danger" onClick={copy}>
        Copy anyway
      </button>
    </span>
  )
}
