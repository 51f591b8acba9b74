import { describe, expect, it } from 'vitest'
import { readBookRows } from '../../../electron/core/destinations/book-csv-read'
import { checkBookRows } from '../../../electron/core/destinations/book-import-check'
import type { Counterparty } from '../../../shared/api/resources'

const HEADER = 'network,address,counterparty_type,company_name,wallet_type,country,label'
const row = (address: string, label = 'L') => `ethereum-sepolia,${address},company,Acme,unhosted,DE,${label}`
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`
const book: Counterparty[] = [
  {
    id: 'cp-1',
    label: 'Known',
    network: 'ethereum-sepolia',
    network_name: 'Sepolia',
    address: '0xabcd000000000000000000000000000000001234',
    direction: 'send',
    status: 'pending',
    can_send: false,
    verified_at: null,
    counterparty_type: 'company',
    company_name: 'Known',
    wallet_type: 'unhosted',
    country: 'DE',
    created_at: '2026-01-01T00:00:00.000Z',
  },
]

function check(text: string) {
  const read = readBookRows(text)
  if (!read.ok) return { rows: [], problems: read.problems }
  return checkBookRows(read.rows, book, () => [])
}

describe('reading a destination file', () => {
  it('refuses a file over 10 MB, naming the limit', () => {
    const read = readBookRows(`${HEADER}\r\n${'x'.repeat(10 * 1024 * 1024)}`)
    expect(read.ok).toBe(false)
    expect(read.problems[0]!.message).toMatch(/at most 10 MB/)
  })

  it('refuses a file of 10,001 rows, naming the limit, and reads 10,000', () => {
    const rows = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => row(addr(i + 1)))].join('\n')
    const over = readBookRows(rows(10_001))
    expect(over.ok).toBe(false)
    expect(over.problems[0]!.message).toBe(
      'The file has 10,001 rows; a destination file has at most 10,000 rows. Split it into several files.',
    )
    expect(readBookRows(rows(10_000)).ok).toBe(true)
  })

  it('names a missing required column', () => {
    expect(readBookRows('network,address\nethereum-sepolia,0x1').problems[0]!.message).toMatch(
      /no counterparty_type, wallet_type, country column/,
    )
  })
})

describe('checking a destination file', () => {
  it('answers an address already in the book as existing, in any spelling', () => {
    const out = check(`${HEADER}\n${row(book[0]!.address.toUpperCase().replace('0X', '0x'))}`)
    expect(out.problems).toEqual([])
    expect(out.rows[0]!.existingId).toBe('cp-1')
  })

  it('refuses a repeated address and a look-alike within the file, naming both lines', () => {
    const out = check(
      `${HEADER}\n${row(addr(1))}\n${row(addr(1))}\n${row('0x1111000000000000000000000000000000002222')}\n${row('0x1111ffffffffffffffffffffffffffffffff2222')}`,
    )
    expect(out.problems.map((p) => p.message)).toEqual([
      'Line 3, address: repeats the address of line 2 on ethereum-sepolia; each destination once.',
      'Line 5, address: looks like 0x1111000000000000000000000000000000002222 on line 4: the same first and last 4 characters, a different address. Compare every character.',
    ])
  })

  it('refuses a look-alike of a known address with where it was seen, and formula or bidi text', () => {
    const read = readBookRows(
      `${HEADER}\n${row(addr(7))}\n${row(addr(8), '=SUM(A1)')}\n${row(addr(9), 'Maria\u202eK')}`,
    )
    if (!read.ok) throw new Error('unread')
    const out = checkBookRows(read.rows, book, (_n, a) =>
      a === addr(7)
        ? [
            {
              kind: 'lookalike',
              network: 'ethereum-sepolia',
              address: '0xKNOWN',
              source: 'ledger',
              label: 'Bob',
              seenAt: '2026-02-03T00:00:00Z',
            },
          ]
        : [],
    )
    expect(out.rows).toEqual([])
    expect(out.problems.map((p) => p.line)).toEqual([2, 3, 4])
    expect(out.problems[0]!.message).toMatch(
      /looks like 0xKNOWN \(in the transaction history as "Bob", seen 2026-02-03\)/,
    )
    expect(out.problems[1]!.message).toMatch(/^Line 3, label: starts with "="/)
  })
})
