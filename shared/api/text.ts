import { z } from 'zod'

/** An unpaired UTF-16 surrogate: neither UTF-8 nor encodeURIComponent can carry it (the latter throws URIError). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const NOT_ENCODABLE = 'contains a character that cannot be encoded (a lone UTF-16 surrogate)'

export function isEncodable(value: string): boolean {
  return !LONE_SURROGATE.test(value)
}

/** A string that can be signed, put in a URL and sent as UTF-8: what every text field of the contract is. */
export function text() {
  return z.string().refine(isEncodable, NOT_ENCODABLE)
}

/**
 * Someone's input inside an error message: quoted, cut to `max` characters (the length said when cut), never a wall of
 * text.
 */
export function quoteInput(value: string, max = 60): string {
  const chars = Array.from(value)
  if (chars.length <= max) return JSON.stringify(value)
  return `${JSON.stringify(chars.slice(0, max).join(''))}… (${chars.length} characters)`
}
