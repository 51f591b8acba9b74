// The one locale form of a decimal, shared with the typed confirmations that must accept what it shows.
export { formatDecimal } from '@shared/format/decimal'
