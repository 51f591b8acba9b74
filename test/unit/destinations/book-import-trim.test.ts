import { describe, expect, it } from 'vitest'
import { readBookRows } from '../../../electron/core/destinations/book-csv-read'
import { checkBookRows } from '../../../electron/core/destinations/book-import-check'

const HEADER = 'network,address,counterparty_type,company_name,wallet_type,country,label'

describe('a destination file cell checked as it will be saved', () => {
  it.each([' =1+1', '\t+SUM(A1)', '  @cmd'])('refuses %j as a formula, since it is saved trimmed', (label) => {
    const read = readBookRows(
      `${HEADER}\r\nethereum-sepolia,0x${'1'.repeat(40)},company,Acme,unhosted,DE,"${label}"\r\n`,
    )
    if (!read.ok) throw new Error(read.problems[0]!.message)
    const check = checkBookRows(read.rows, [], () => [])
    expect(check.rows).toEqual([])
    expect(check.problems).toEqual([
      {
        line: 2,
        column: 'label',
        message: expect.stringMatching(/^Line 2, label: starts with ".*", which a spreadsheet reads as a formula/),
      },
    ])
  })

  it('saves a label with spaces around it trimmed', () => {
    const read = readBookRows(
      `${HEADER}\r\nethereum-sepolia,0x${'2'.repeat(40)},company, Acme ,unhosted,DE,  Acme GmbH \r\n`,
    )
    if (!read.ok) throw new Error(read.problems[0]!.message)
    const check = checkBookRows(read.rows, [], () => [])
    expect(check.problems).toEqual([])
    expect(check.rows[0]!.body).toMatchObject({ label: 'Acme GmbH', company_name: 'Acme' })
  })
})
