import type { ClipboardEvent } from 'react'
import { formatDecimal } from '../format/decimal'

/** Copying a shown amount copies the exact decimal the API wrote, not the grouped text on screen. */
function copyExact(value: string) {
  return (e: ClipboardEvent) => {
    e.clipboardData.setData('text/plain', value)
    e.preventDefault()
  }
}

/**
 * An amount exactly as the API wrote it (a decimal string), grouped for the reader's locale, with its asset, in
 * monospace. The exact value is in the tooltip and is what a copy takes.
 */
export function Amount({ value, asset }: { value: string; asset?: string | null }) {
  return (
    <span
      className="amount mono"
      title={asset ? `${value} ${asset}` : value}
      data-value={value}
      onCopy={copyExact(value)}
    >
      {formatDecimal(value)}
      {asset ? <span className="asset"> {asset}</span> : null}
    </span>
  )
}

const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' })

/** An indicative USD value, as the provider gives it (a number, never used for a payout). */
export function Usd({ value }: { value: number }) {
  return <span className="amount mono">{usd.format(value)}</span>
}
