import { describe, expect, it } from 'vitest'
import { splitTags, TagSchema, TagsSchema, tagProblem } from '../../../shared/api/leg-notes'
import { LedgerFilterSchema } from '../../../shared/api/ledger-query'
import { NoteSchema } from '../../../shared/payouts/payout-notes'

const message = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message

describe('the rule for notes and tags on ledger movements', () => {
  it('tags are letters a-z, digits, - and _, at most 32 characters, kept in lower case', () => {
    expect(TagSchema.parse(' Payroll-Q3_b ')).toBe('payroll-q3_b')
    expect(TagSchema.parse('x'.repeat(32))).toBe('x'.repeat(32))
    expect(tagProblem('x'.repeat(33))).toBe(`tag "${'x'.repeat(33)}" is longer than 32 characters`)
    expect(tagProblem('pay roll')).toBe('tag "pay roll" may hold only letters a-z, digits, - and _')
    expect(tagProblem('café')).toContain('"café"')
    expect(tagProblem('')).toBe('a tag cannot be empty')
  })

  it('a tag with a character that hides or reorders text is refused naming the tag and the character', () => {
    const problem = tagProblem('pay\u202eroll')
    expect(problem).toContain('U+202E RIGHT-TO-LEFT OVERRIDE')
    expect(problem).toMatch(/^tag "pay.roll"/u)
    expect(message(TagSchema.safeParse('a\u200bb'))).toContain('U+200B')
  })

  it('a tag set holds at most 10 tags, each once, sorted', () => {
    expect(TagsSchema.parse(['b', 'A', 'a'])).toEqual(['a', 'b'])
    expect(message(TagsSchema.safeParse(Array.from({ length: 11 }, (_, i) => `t${i}`)))).toBe(
      'a movement holds at most 10 tags',
    )
    expect(message(TagsSchema.safeParse(['ok', 'no way']))).toBe(
      'tag "no way" may hold only letters a-z, digits, - and _',
    )
  })

  it('a tag list is split at commas, blanks dropped', () => {
    expect(splitTags(' a, b,,c ')).toEqual(['a', 'b', 'c'])
    expect(splitTags('')).toEqual([])
  })

  it("a note is the payout note's rule: plain text up to 1000 characters, bidi and control characters refused by name", () => {
    expect(NoteSchema.parse('Invoice 42% _[x].* (SELECT 1)')).toBe('Invoice 42% _[x].* (SELECT 1)')
    expect(message(NoteSchema.safeParse('x'.repeat(1001)))).toBe('A note is at most 1000 characters')
    expect(message(NoteSchema.safeParse('paid\u202eevil'))).toContain('U+202E RIGHT-TO-LEFT OVERRIDE')
    expect(message(NoteSchema.safeParse('a\u0007b'))).toContain('U+0007')
  })

  it('the ledger filter takes a tag by the same rule and search text with metacharacters as it is', () => {
    expect(LedgerFilterSchema.parse({ tag: 'PayRoll', text: '%_\'" OR 1=1 --.*' })).toEqual({
      tag: 'payroll',
      text: '%_\'" OR 1=1 --.*',
    })
    expect(LedgerFilterSchema.safeParse({ tag: 'pay roll' }).success).toBe(false)
  })
})
