/** An amount exactly as the API wrote it (a decimal string), in monospace. */
export function Amount({ value, asset }: { value: string; asset?: string | null }) {
  return (
    <span className="amount mono">
      {value}
      {asset ? <span className="asset"> {asset}</span> : null}
    </span>
  )
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

export function Usd({ value }: { value: number }) {
  return <span className="amount mono">{usd.format(value)}</span>
}
