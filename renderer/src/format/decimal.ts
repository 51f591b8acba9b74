/** Separators of a locale, read from Intl once per locale. */
function separators(locale: string | undefined): { decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1.5)
  return { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' }
}

/**
 * A decimal string as the API wrote it, grouped for the reader's locale, without ever becoming a floating-point
 * number: the integer part is grouped as a BigInt (exact at any size), the fraction is kept digit for digit.
 * Anything that is not a plain decimal is returned unchanged.
 */
export function formatDecimal(value: string, locale?: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match) return value
  const grouped = new Intl.NumberFormat(locale, { useGrouping: true }).format(BigInt(match[1]!))
  return match[2] === undefined ? grouped : `${grouped}${separators(locale).decimal}${match[2]}`
}
