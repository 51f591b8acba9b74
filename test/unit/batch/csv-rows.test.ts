import { describe, expect, it } from 'vitest'
import { MAX_BATCH_BYTES, readCsvRows } from '../../../electron/core/batch/csv-rows'

const ok = (input: Uint8Array | string) => {
  const r = readCsvRows(input)
  if (!r.ok) throw new Error(`expected rows, got ${JSON.stringify(r.problems)}`)
  return r
}
const refused = (input: Uint8Array | string) => {
  const r = readCsvRows(input)
  if (r.ok) throw new Error('expected the file to be refused')
  expect(r.problems).toHaveLength(1)
  return r.problems[0]!
}

describe('batch CSV rows', () => {
  it('reads columns by header name in any order and any case, with a UTF-8 BOM and CRLF', () => {
    const r = ok(
      Buffer.from('\uFEFFAmount,Asset,DESTINATION,reference\r\n10.5,USDC,Alice,inv-1\r\n2,USDC,Bob,\r\n', 'utf8'),
    )
    expect(r.separator).toBe(',')
    expect(r.rows).toEqual([
      { line: 2, cells: { amount: '10.5', asset: 'USDC', destination: 'Alice', reference: 'inv-1' } },
      { line: 3, cells: { amount: '2', asset: 'USDC', destination: 'Bob', reference: '' } },
    ])
  })

  it('takes semicolons and tabs as separators, decided by the header', () => {
    expect(ok('destination;amount;asset\nAlice;"1,5";USDC\n').rows[0]!.cells).toEqual({
      destination: 'Alice',
      amount: '1,5',
      asset: 'USDC',
    })
    expect(ok('destination\tamount\tasset\nAlice\t3\tUSDC\n').separator).toBe('\t')
  })

  it('keeps quoted separators and newlines in a cell, and numbers lines as the file does', () => {
    const r = ok('destination,amount,asset,reference\nAlice,1,USDC,"two\nlines, with comma"\n\nBob,2,USDC,x\n')
    expect(r.rows.map((x) => x.line)).toEqual([2, 5])
    expect(r.rows[0]!.cells.reference).toBe('two\nlines, with comma')
  })

  it('names a row with an extra or a missing cell by its line', () => {
    const r = ok('destination,amount,asset\nAlice,1,USDC,x\nBob,2\nCarol,3,USDC\n')
    expect(r.rows.map((x) => x.line)).toEqual([4])
    expect(r.problems.map((p) => [p.line, p.severity])).toEqual([
      [2, 'error'],
      [3, 'error'],
    ])
    expect(r.problems[0]!.message).toMatch(/Line 2 has 4 cells; the header has 3 \(comma-separated\)/)
  })

  it('says a comma-separated row split by a decimal comma in its amount has a decimal comma, not just a cell too many', () => {
    const r = ok('destination,amount,asset,reference\nAlice,1,5,USDC,inv-1\nBob,10,25,USDC,\nCarol,1,5,USDC,x,y\n')
    expect(r.problems.map((p) => [p.line, p.column])).toEqual([
      [2, 'amount'],
      [3, 'amount'],
      [4, null],
    ])
    expect(r.problems[0]!.message).toBe(
      'Line 2, amount: "1,5" has a decimal comma, which splits the line into 5 cells (the header has 4); decimal commas are not accepted: write 1.5 if that is what you mean.',
    )
    expect(r.problems[1]!.message).toMatch(/^Line 3, amount: "10,25" has a decimal comma.*write 10\.25 if/)
    expect(r.problems[2]!.message).toMatch(/Line 4 has 6 cells; the header has 4/)
    // In a semicolon file the comma is no separator: the check reads the cell and says the same.
    expect(ok('destination;amount;asset\nAlice;1,5;USDC\n').problems).toEqual([])
  })

  it('refuses a file that is empty, header only, not UTF-8, binary, or not CSV, each with a clear message', () => {
    expect(refused('').message).toMatch(/empty/)
    expect(refused('destination,amount,asset\n').message).toMatch(/header but no rows/)
    expect(refused(Buffer.from([0x64, 0x65, 0xff, 0xfe, 0x0a])).message).toMatch(/not UTF-8/)
    expect(refused(Buffer.from('destination,amount,asset\n\u0000\u0001', 'utf8')).message).toMatch(/binary/)
    expect(refused('%PDF-1.7 some document').message).toMatch(/no destination, amount, asset column/)
    expect(refused('destination,amount,asset\nAlice,"1,USDC\n')).toMatchObject({ line: 2 })
  })

  it('refuses a header missing a required column, with an unknown column, or a column twice', () => {
    expect(refused('destination,amount\nAlice,1\n').message).toMatch(/line 1\) has no asset column/)
    expect(refused('destination,amount,assets\nAlice,1,USDC\n').message).toMatch(/has no asset column/)
    expect(refused('destination,amount,asset,memo\nAlice,1,USDC,x\n').message).toMatch(/unknown column "memo"/)
    expect(refused('destination,amount,asset,amount\nAlice,1,USDC,2\n').message).toMatch(/"amount" twice/)
  })

  it('refuses more than 10,000 rows and more than 5 MB, naming the limit', () => {
    const rows = 'destination,amount,asset\n' + 'A,1,USDC\n'.repeat(10_001)
    expect(refused(rows).message).toMatch(/10,001 rows; a batch file has at most 10,000 rows/)
    expect(ok('destination,amount,asset\n' + 'A,1,USDC\n'.repeat(10_000)).rows).toHaveLength(10_000)
    const big =
      'destination,amount,asset,reference\n' +
      `A,1,USDC,${'x'.repeat(1000)}\n`.repeat(Math.ceil(MAX_BATCH_BYTES / 1000))
    expect(refused(big).message).toMatch(/at most 5 MB/)
  })
})
