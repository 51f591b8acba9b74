import { useState } from 'react'

/** A small button that copies `value`; its label says what it copies for screen readers. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    )
    window.setTimeout(() => setState('idle'), 1500)
  }
  return (
    <button type="button" className="copy" onClick={copy} aria-label={`Copy ${what}`} title={`Copy ${what}`}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
    </button>
  )
}
