import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { quickBooksJournalLines, xeroJournalFiles, type Journal } from '../../../electron/core/close/journal-imports'
import { zonedClock } from '../../../electron/core/history/accounting/zoned-time'
import { QBO_JOURNAL, XERO_MANUAL_JOURNAL } from '../../harness/accounting-templates'

// 23:30 UTC on 31 October is already 1 November in Berlin: the books' day is the zone's.
const date = zonedClock('Europe/Berlin')('2026-10-31T23:30:00.000Z')

const journal = (n: number, account = 'Customer receipts', description = 'Received USDC'): Journal => ({
  number: `2026-11-${String(n).padStart(4, '0')}`,
  date,
  narration: description,
  lines: [
    { account: 'Wallet:Books', amount: '12.50', description },
    { account, amount: '-12.50', description },
  ],
})

const rows = (lines: Iterable<string>) => parse([...lines].join(''), { columns: true }) as Array<Record<string, string>>

describe('the journal imports of the close pack', () => {
  it('Xero: its template header, a signed amount, the zone’s day first, split at 300 lines never inside a journal', () => {
    const files = xeroJournalFiles(Array.from({ length: 151 }, (_, i) => journal(i + 1)))
    expect(files.map((f) => f.lines.length - 1)).toEqual([300, 2])
    expect(files[0]!.lines[0]).toBe(`${XERO_MANUAL_JOURNAL.join(',')}\r\n`)
    const [debit, credit] = rows(files[1]!.lines)
    expect(debit).toMatchObject({
      '*Narration': '2026-11-0151 Received USDC',
      '*Date': '01/11/2026',
      '*Amount': '12.50',
    })
    expect(credit).toMatchObject({ '*AccountCode': 'Customer receipts', '*Amount': '-12.50', '*TaxRate': 'Tax Exempt' })
  })

  it('QuickBooks: its template header, month first, debits and credits positive with the other blank', () => {
    const [debit, credit] = rows(quickBooksJournalLines([journal(1)]))
    expect(Object.keys(debit!)).toEqual(QBO_JOURNAL)
    expect(debit).toMatchObject({ JournalNo: '2026-11-0001', JournalDate: '11/01/2026', Debits: '12.50', Credits: '' })
    expect(credit).toMatchObject({ AccountName: 'Customer receipts', Debits: '', Credits: '12.50' })
  })

  it('defuses a formula in an account or a description someone else wrote', () => {
    const bad = journal(1, '-cmd|calc', '=HYPERLINK("x")')
    const xero = xeroJournalFiles([bad])[0]!.lines.join('')
    const qbo = [...quickBooksJournalLines([bad])].join('')
    for (const text of [xero, qbo]) {
      expect(text).toContain(`'-cmd|calc`)
      expect(text).toContain(`"'=HYPERLINK(""x"")"`)
    }
  })

  it('refuses a journal whose debits and credits differ', () => {
    const off = journal(1)
    off.lines[1]!.amount = '-12.49'
    expect(() => xeroJournalFiles([off])).toThrow(/2026-11-0001 does not balance/)
    expect(() => [...quickBooksJournalLines([off])]).toThrow(/does not balance/)
  })
})
