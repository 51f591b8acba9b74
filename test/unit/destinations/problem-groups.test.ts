import { describe, expect, it } from 'vitest'
import { groupProblems, groupWords, linesWords } from '../../../shared/destinations/problem-groups'

const missing = (line: number) => ({
  line,
  column: 'vasp_name',
  message: `Line ${line}, vasp_name: Provider name is empty; needed when Wallet type is Held at a provider (wallet_type vasp).`,
})

describe('destination file problems grouped', () => {
  it('tells one mistake on 200 lines once, with the count and the lines as a range', () => {
    const problems = [
      ...Array.from({ length: 200 }, (_, i) => missing(i + 2)),
      { line: 7, column: null, message: 'Line 7: Invalid destination: unknown network foo.' },
    ]
    const groups = groupProblems(problems)
    expect(groups).toHaveLength(2)
    expect(groups[0]).toMatchObject({
      column: 'vasp_name',
      problem: 'Provider name is empty; needed when Wallet type is Held at a provider (wallet_type vasp).',
    })
    expect(groups[0]!.lines).toHaveLength(200)
    expect(groupWords(groups[0]!)).toEqual({
      where: 'Lines 2–201 (200 lines), vasp_name: ',
      problem: groups[0]!.problem,
    })
    expect(groups[1]).toMatchObject({ column: null, problem: 'Invalid destination: unknown network foo.', lines: [7] })
    expect(groupWords(groups[1]!)).toEqual({
      where: null,
      problem: 'Line 7: Invalid destination: unknown network foo.',
    })
  })

  it('names scattered lines as ranges, and how many more past eight ranges', () => {
    expect(linesWords([2, 3, 4, 9, 12, 13])).toBe('Lines 2–4, 9, 12–13')
    expect(linesWords([1, 3, 5, 7, 9, 11, 13, 15, 17, 18, 19])).toBe('Lines 1, 3, 5, 7, 9, 11, 13, 15 and 3 more')
  })

  it('keeps a line-level message that names no column readable once its line is taken out', () => {
    const groups = groupProblems(
      [3, 4].map((line) => ({ line, column: null, message: `Line ${line} has 5 cells; the header has 7.` })),
    )
    expect(groups).toMatchObject([{ column: null, problem: 'The line has 5 cells; the header has 7.', lines: [3, 4] }])
  })
})
