import { describe, expect, it } from 'vitest'
import { CounterpartyViewSchema } from '../../../shared/ipc/views'
import {
  joinUntrusted,
  untrusted,
  untrustedForEditing,
  untrustedForMatching,
} from '../../../shared/text/untrusted-text'
import { shown } from '../../../shared/text/visible-text'

describe('UntrustedText at run time', () => {
  it('is the same string the view was parsed from, shown safely and read raw only by name', () => {
    const label = untrusted().parse('Maria K \u202Eevil\u202C')
    expect(untrustedForMatching(label)).toBe('Maria K \u202Eevil\u202C')
    expect(shown(label)).toBe('Maria K [U+202E]evil[U+202C]')
    expect(String(label)).toBe('Maria K \u202Eevil\u202C')
    expect(untrustedForEditing(null)).toBe('')
  })

  it('joins an owner from its parts, leaving empty ones out', () => {
    const c = CounterpartyViewSchema.parse({
      id: 'cp',
      label: 'Acme',
      network: 'ethereum-sepolia',
      network_name: 'Ethereum Sepolia',
      address: '0x1111111111111111111111111111111111111111',
      direction: 'send',
      status: 'verified',
      can_send: true,
      verified_at: null,
      counterparty_type: 'individual',
      first_name: 'Ana',
      last_name: '',
      wallet_type: 'unhosted',
      country: 'DE',
      created_at: '2026-11-23T07:00:00Z',
    })
    expect(untrustedForMatching(joinUntrusted([c.first_name, c.last_name]))).toBe('Ana')
    expect(untrustedForMatching(c.label)).toBe('Acme')
  })
})
