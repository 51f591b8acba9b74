import type { ClipboardEvent, CSSProperties } from 'react'
import { formatDecimal } from '../format/decimal'

/** Copying a shown amount copies the exact decimal the API wrote, not the grouped text on screen. */
function copyExact(value: string) {
  return (e: ClipboardEvent) => {
    e.clipboardData.setData('text/plain', value)
    e.preventDefault()
  }
}

const DECIMAL_MARK = new Intl.NumberFormat().formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'

/** The shown amount's whole part and its fraction with the decimal mark ("" when it has none). */
function splitShown(value: string): [string, string] {
  const shown = formatDecimal(value)
  const mark = shown.lastIndexOf(DECIMAL_MARK)
  return mark < 0 ? [shown, ''] : [shown.slice(0, mark), shown.slice(mark)]
}

/**
 * The fraction slot of a column of these amounts: as wide as its longest fraction, so every decimal point of the
 * column lines up (a fixed slot narrower than an 8-digit fraction would leave the longer ones sticking out).
 * A grid table sets it as `--column-frac`, which only its .num cells read.
 */
export function fractionSlot(values: readonly string[], variable = '--money-frac'): CSSProperties {
  let longest = 0
  // Counted on the API's decimal, digit for digit as shown, with its mark: cheap enough for 100,000 loaded rows.
  for (const v of values) longest = Math.max(longest, v.includes('.') ? v.length - v.indexOf('.') : 0)
  return { [variable]: longest } as CSSProperties
}

/**
 * A fixed-layout column's room for these amounts, in digits (`--money-ch`): the longest whole part as shown, the
 * fraction slot and the space before the asset, so no amount is cut or wraps (the asset's own slot comes on top).
 */
export function moneyWidth(values: readonly string[]): CSSProperties {
  let whole = 1
  let fraction = 0
  for (const v of values) {
    const [w, f] = splitShown(v)
    whole = Math.max(whole, w.length)
    fraction = Math.max(fraction, f.length)
  }
  return { '--money-ch': whole + fraction + 1 } as CSSProperties
}

/**
 * The Money piece (issue 54): an amount exactly as the API wrote it (a decimal string), grouped for the reader's
 * locale, in the UI font with tabular figures. In a column the fraction is padded to the column's slot and the asset
 * code sits in a fixed one, so amounts line up on the decimal point. The number stays one run of inline text, so it
 * is read as one ("0.01", never "0 .01"). `display` is the review's size. The exact value is in the tooltip and is
 * what a copy takes.
 */
export function Amount({ value, asset, display }: { value: string; asset?: string | null; display?: boolean }) {
  const [whole, fraction] = splitShown(value)
  return (
    <span
      className={display ? 'amount money money-display' : 'amount money'}
      title={asset ? `${value} ${asset}` : value}
      data-value={value}
      onCopy={copyExact(value)}
    >
      {whole}
      {/* A whole amount's slot counts its mark, which a column draws hidden (components.css). */}
      <span
        className="money-frac"
        data-mark={fraction ? undefined : DECIMAL_MARK}
        style={{ '--frac-len': fraction.length || 1 } as CSSProperties}
      >
        {fraction}
      </span>
      {/* The space outside the asset's slot: it stays a real space between the number and the code. */}
      {asset ? (
        <>
          {' '}
          <span className="asset">{asset}</span>
        </>
      ) : null}
    </span>
  )
}

const usd = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' })

/** An indicative USD value, as the provider gives it (a number, never used for a payout). */
export function Usd({ value }: { value: number }) {
  return <span className="amount money">{usd.format(value)}</span>
}
