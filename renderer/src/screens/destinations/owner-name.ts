import type { Counterparty } from '@shared/api/resources'

/** Who owns a destination: the company, or the person's first and last name. */
export function ownerName(c: Counterparty): string {
  return c.counterparty_type === 'company'
    ? (c.company_name ?? '')
    : `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim()
}
