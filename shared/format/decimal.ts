import Big from 'big.js'

const PLAIN = /^(\d+)(?:\.(\d+))?$/
/** Spaces a person types for a locale that groups with a (narrow) no-break space. */
const SPACES = /[\u0020\u00a0\u202f]/g

interface LocaleForm {
  grouping: Intl.NumberFormat
  decimal: string
  group: string
}

/**
 * One formatter and its separators per locale, built once: a table formats two amounts a row on every scroll frame,
 * and building an Intl.NumberFormat costs far more than formatting with one.
 */
const forms = new Map<string | undefined, LocaleForm>()

function localeForm(locale: string | undefined): LocaleForm {
  let form = forms.get(locale)
  if (!form) {
    const grouping = new Intl.NumberFormat(locale, { useGrouping: true })
    const parts = grouping.formatToParts(1234567.5)
    form = {
      grouping,
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    }
    forms.set(locale, form)
  }
  return form
}

/** The integer digits grouped for the locale, as a BigInt (exact at any size, never a float). */
const groupInteger = (digits: string, locale: string | undefined) => localeForm(locale).grouping.format(BigInt(digits))

/**
 * A decimal string as the API wrote it, grouped for the reader's locale, without ever becoming a floating-point
 * number: the integer part is grouped as a BigInt, the fraction is kept digit for digit.
 * Anything that is not a plain decimal is returned unchanged.
 */
export function formatDecimal(value: string, locale?: string): string {
  const match = PLAIN.exec(value)
  if (!match) return value
  const grouped = groupInteger(match[1]!, locale)
  return match[2] === undefined ? grouped : `${grouped}${localeForm(locale).decimal}${match[2]}`
}

/**
 * What a person typed as an amount, as a plain decimal ("200000"), or null when it is not one. Read once, one
 * way: first in the locale's own form (its decimal mark, and group separators only where the locale puts them:
 * "200,000" in en, "200.000" in de), else as the API writes it ("200000.00"). So "1,5" in en is no amount at
 * all rather than 15, and "200.000" in de is two hundred thousand, as it reads there.
 */
export function readDecimal(typed: string, locale?: string): string | null {
  const text = typed.trim()
  return readLocaleForm(text, locale) ?? (PLAIN.test(text) ? new Big(text).toFixed() : null)
}

function readLocaleForm(text: string, locale: string | undefined): string | null {
  const { decimal, group } = localeForm(locale)
  const spaceGroup = group.replace(SPACES, ' ') === ' '
  const [integer, fraction, extra] = (spaceGroup ? text.replace(SPACES, ' ') : text).split(decimal)
  if (extra !== undefined || integer === undefined || (fraction !== undefined && !/^\d+$/.test(fraction))) return null
  const digits = integer.split(spaceGroup ? ' ' : group).join('')
  if (!/^\d+$/.test(digits)) return null
  const grouped = groupInteger(digits, locale)
  // Separators, if any, must sit where the locale puts them.
  if (integer !== digits && integer !== (spaceGroup ? grouped.replace(SPACES, ' ') : grouped)) return null
  return new Big(fraction === undefined ? digits : `${digits}.${fraction}`).toFixed()
}
