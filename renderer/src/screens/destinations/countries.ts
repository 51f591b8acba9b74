import { COUNTRY_CODES } from '@shared/api/country-codes'

export interface Country {
  code: string
  name: string
}

let cached: Country[] | null = null

/** Every code the API accepts, named from the platform's Intl data in the user's language. */
export function countries(): Country[] {
  if (cached) return cached
  const names = new Intl.DisplayNames(undefined, { type: 'region' })
  cached = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )
  return cached
}

export function countryName(code: string): string {
  return countries().find((c) => c.code === code)?.name ?? code
}
