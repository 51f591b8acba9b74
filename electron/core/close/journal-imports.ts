import Big from 'big.js'
import { presetLine } from '../history/use-cases'

/** One line of a journal: an account and a fiat amount, positive for a debit and negative for a credit. */
export interface JournalLine {
  account: string
  amount: string
  description: string
}

/** One balanced journal: its number (unique in its file), its day in the books' zone and its lines. */
export interface Journal {
  number: string
  date: { year: string; month: string; day: string }
  narration: string
  lines: JournalLine[]
}

/** A journal file: its lines of CSV text, the header first. */
export interface JournalFile {
  part: number
  lines: string[]
}

/** Refuses a journal whose debits and credits differ: a defect, never written to a file the books import. */
export function requireBalanced(journal: Journal): void {
  const sum = journal.lines.reduce((total, l) => total.plus(l.amount), new Big(0))
  if (!sum.eq(0)) throw new Error(`Journal ${journal.number} does not balance: its lines sum to ${sum.toFixed()}.`)
}

/**
 * Xero's manual journal import (help.xero.com "Enter multiple manual journals using an import template"): the lines
 * of one journal share its narration and date (dd/mm/yyyy), Amount is a debit when positive and a credit when
 * negative, and a file holds at most 300 lines, so the journals go into as many files as they need, never one split.
 * Crypto movements carry no sales tax: every line is "Tax Exempt".
 */
export const XERO_JOURNAL_HEADER = [
  '*Narration',
  '*Date',
  'Description',
  '*AccountCode',
  '*TaxRate',
  '*Amount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
] as const
export const XERO_MAX_LINES = 300
const XERO_TAX_RATE = 'Tax Exempt'

export function xeroJournalFiles(journals: Iterable<Journal>, maxLines = XERO_MAX_LINES): JournalFile[] {
  const header = presetLine(XERO_JOURNAL_HEADER)
  const files: JournalFile[] = []
  let current: JournalFile = { part: 1, lines: [header] }
  for (const j of journals) {
    requireBalanced(j)
    if (j.lines.length > maxLines) throw new Error(`Journal ${j.number} has more lines than one Xero file holds.`)
    if (current.lines.length - 1 + j.lines.length > maxLines) {
      files.push(current)
      current = { part: current.part + 1, lines: [header] }
    }
    const narration = `${j.number} ${j.narration}`
    for (const l of j.lines)
      current.lines.push(
        presetLine([
          narration,
          `${j.date.day}/${j.date.month}/${j.date.year}`,
          l.description,
          l.account,
          XERO_TAX_RATE,
          { signed: l.amount },
          null,
          null,
          null,
          null,
        ]),
      )
  }
  files.push(current)
  return files
}

/**
 * QuickBooks Online's journal entry import (Intuit: "Import journal entries"): the lines of one entry share its
 * JournalNo and JournalDate (MM/DD/YYYY), Debits and Credits are positive with the other cell blank. Name is left
 * blank: QuickBooks asks it only of receivable and payable accounts, and a name it does not know fails the import.
 */
export const QBO_JOURNAL_HEADER = [
  'JournalNo',
  'JournalDate',
  'AccountName',
  'Debits',
  'Credits',
  'Description',
  'Name',
] as const

export function* quickBooksJournalLines(journals: Iterable<Journal>): Generator<string> {
  yield presetLine(QBO_JOURNAL_HEADER)
  for (const j of journals) {
    requireBalanced(j)
    const date = `${j.date.month}/${j.date.day}/${j.date.year}`
    for (const l of j.lines) {
      const debit = !l.amount.startsWith('-')
      const amount = debit ? l.amount : l.amount.slice(1)
      yield presetLine([j.number, date, l.account, debit ? amount : null, debit ? null : amount, l.description, null])
    }
  }
}
