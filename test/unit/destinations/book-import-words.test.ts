import { describe, expect, it } from 'vitest'
import { readBookRows } from '../../../electron/core/destinations/book-csv-read'
import { checkBookRows } from '../../../electron/core/destinations/book-import-check'

const HEADER = 'network,address,counterparty_type,company_name,wallet_type,vasp_name,country'
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`

function problems(...rows: string[]): string[] {
  const read = readBookRows([HEADER, ...rows].join('\n'))
  if (!read.ok) throw new Error('unread')
  return checkBookRows(read.rows, [], () => []).problems.map((p) => p.message)
}

describe('destination file problems in the words of the New destination form', () => {
  it('says what the form calls a missing provider name, the same on every line', () => {
    const lines = problems(...[1, 2, 3].map((n) => `ethereum-sepolia,${addr(n)},company,Acme,vasp,,DE`))
    const said = 'Provider name is empty; needed when Wallet type is Held at a provider (wallet_type vasp).'
    expect(lines).toEqual([2, 3, 4].map((line) => `Line ${line}, vasp_name: ${said}`))
  })

  it('offers the values the form offers for a wallet or owner type it does not know, and names a bad country', () => {
    expect(
      problems(
        `ethereum-sepolia,${addr(4)},firm,Acme,unhosted,,DE`,
        `ethereum-sepolia,${addr(5)},company,Acme,hosted,,DE`,
        `ethereum-sepolia,${addr(6)},company,Acme,unhosted,,Germany`,
      ),
    ).toEqual([
      'Line 2, counterparty_type: Owner type "firm" is not one the form offers: write Company (counterparty_type company) or Individual (counterparty_type individual).',
      'Line 3, wallet_type: Wallet type "hosted" is not one the form offers: write Held at a provider (wallet_type vasp) or Self-hosted (wallet_type unhosted).',
      'Line 4, country: Country is not a supported two-letter ISO 3166-1 code (for example DE).',
    ])
  })
})
