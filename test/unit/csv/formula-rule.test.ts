import { describe, expect, it } from 'vitest'
import { checkRows } from '../../../electron/core/batch/batch-check'
import { csvCell } from '../../../electron/core/csv/cell'
import { FORMULA_START, formulaProblem } from '../../../electron/core/csv/formula'
import { readBookRows } from '../../../electron/core/destinations/book-csv-read'
import { checkBookRows } from '../../../electron/core/destinations/book-import-check'

/** OWASP's CSV injection list: what a spreadsheet reads as the start of a formula. */
const STARTS = ['=', '+', '-', '@', '\t', '\r']

describe('the one formula-cell rule', () => {
  it('a file the desk writes defuses every start a file it reads refuses, and a leading minus too', () => {
    for (const c of STARTS) {
      const value = `${c}2+3+cmd|' /C calc'!A0`
      expect(FORMULA_START.test(value)).toBe(true)
      if (c === '-') expect(formulaProblem(value)).toBeNull()
      else expect(formulaProblem(value)).toMatch(/which a spreadsheet reads as a formula$/)
      // Defused with a quote, or shown as its code point (a tab or CR is invisible text): never a formula.
      expect(FORMULA_START.test(csvCell(value).replace(/^"/, ''))).toBe(false)
    }
    expect(formulaProblem('Acme -1')).toBeNull()
    expect(csvCell('Acme -1')).toBe('Acme -1')
  })

  it('a destination file refuses a label starting with "+" as it does "=", and keeps one starting with "-"', () => {
    const header = 'network,address,counterparty_type,company_name,wallet_type,country,label'
    const row = (n: number, label: string) =>
      `ethereum-sepolia,0x${n.toString(16).padStart(40, '0')},company,Acme,unhosted,DE,${label}`
    const read = readBookRows(
      `${header}\n${row(1, "+2+3+cmd|' /C calc'!A0")}\n${row(2, '=SUM(A1)')}\n${row(3, '-42 refund')}`,
    )
    if (!read.ok) throw new Error('unread')
    const out = checkBookRows(read.rows, [], () => [])
    expect(out.problems.map((p) => p.message)).toEqual([
      'Line 2, label: starts with "+", which a spreadsheet reads as a formula; type the plain value.',
      'Line 3, label: starts with "=", which a spreadsheet reads as a formula; type the plain value.',
    ])
  })

  it('a batch file refuses a reference starting with "@", and names a negative amount as negative', () => {
    const cells = { wallet: 'w-main', asset: 'USDC', network: 'ethereum-sepolia', destination: 'x' }
    const out = checkRows(
      [
        { line: 2, cells: { ...cells, amount: '1', reference: '@SUM(1+cmd)' } },
        { line: 3, cells: { ...cells, amount: '-1' } },
      ],
      [],
      [],
    )
    const messages = out.problems.map((p) => p.message)
    expect(messages).toContain(
      'Line 2, reference: starts with "@", which a spreadsheet reads as a formula; type the plain value.',
    )
    expect(messages.some((m) => m.startsWith('Line 3, amount: "-1" is negative'))).toBe(true)
  })
})
