import type { Counterparty } from '../../../shared/api/resources'

/** Every field of a destination, in the order the book's CSV writes and reads them. */
export const BOOK_COLUMNS = [
  'id',
  'label',
  'network',
  'network_name',
  'address',
  'direction',
  'status',
  'can_send',
  'verified_at',
  'counterparty_type',
  'first_name',
  'last_name',
  'company_name',
  'wallet_type',
  'vasp_name',
  'country',
  'created_at',
] as const
export type BookColumn = (typeof BOOK_COLUMNS)[number]

/** What a new destination needs; the other columns may be present (an export read back) or left out. */
export const REQUIRED_COLUMNS: readonly BookColumn[] = [
  'network',
  'address',
  'counterparty_type',
  'wallet_type',
  'country',
]

/** Set by the provider, never sent: an exported file carries them, an import reads past them. */
export const PROVIDER_COLUMNS: ReadonlySet<BookColumn> = new Set([
  'id',
  'network_name',
  'status',
  'can_send',
  'verified_at',
  'created_at',
])

export const MAX_IMPORT_ROWS = 10_000
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024

export function bookCells(c: Counterparty): Array<string | null> {
  return [
    c.id,
    c.label,
    c.network,
    c.network_name,
    c.address,
    c.direction,
    c.status,
    c.can_send ? 'true' : 'false',
    c.verified_at,
    c.counterparty_type,
    c.first_name ?? null,
    c.last_name ?? null,
    c.company_name ?? null,
    c.wallet_type,
    c.vasp_name ?? null,
    c.country,
    c.created_at,
  ]
}

/** What the New destination form calls each column a person fills in: an import problem says both. */
export const SCREEN_NAMES: Readonly<Partial<Record<BookColumn, string>>> = {
  label: 'Label',
  network: 'Network',
  address: 'Address',
  direction: 'Direction',
  counterparty_type: 'Owner type',
  first_name: 'First name',
  last_name: 'Last name',
  company_name: 'Company name',
  wallet_type: 'Wallet type',
  vasp_name: 'Provider name',
  country: 'Country',
}

/** The file's values as the form offers them ("vasp" is "Held at a provider (VASP)" on screen). */
export const SCREEN_VALUES: Readonly<Partial<Record<BookColumn, Readonly<Record<string, string>>>>> = {
  counterparty_type: { company: 'Company', individual: 'Individual' },
  wallet_type: { vasp: 'Held at a provider', unhosted: 'Self-hosted' },
  direction: { send: 'Send only', both: 'Send and receive' },
}
