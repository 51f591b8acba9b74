import type { CounterpartyView } from '@shared/ipc/views'
import { joinUntrusted, type UntrustedText } from '@shared/text/untrusted-text'

/** Who owns a destination: the company, or the person's first and last name. */
export function ownerName(c: CounterpartyView): UntrustedText {
  return c.counterparty_type === 'company'
    ? joinUntrusted([c.company_name])
    : joinUntrusted([c.first_name, c.last_name])
}
