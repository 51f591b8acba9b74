import { describe, expect, it } from 'vitest'
import { withLineIds } from '../../../electron/core/pay-runs/line-ids'
import { readRunLines } from '../../../electron/core/pay-runs/run-lines'
import { readRunFile, runFileText } from '../../../electron/core/pay-runs/run-file'
import { runLineKey } from '../../../electron/core/pay-runs/run-keys'

describe('pay run lines', () => {
  it('reads the batch columns plus the invoice, with USD amounts; the payee is the reference, else the destination', () => {
    const lines = readRunLines(
      'destination;amount;asset;wallet;reference;invoice_number;invoice_date;due_date\nAlice GmbH;USD 1500;USDC;Main;Alice;INV-7;2026-11-01;2026-11-30\nBob Ltd;12.5;USDC;Main;;;;\n',
    )
    expect(lines).toEqual([
      expect.objectContaining({
        line: 2,
        payee: 'Alice',
        amount: 'USD 1500',
        invoiceNumber: 'INV-7',
        invoiceDate: '2026-11-01',
        dueDate: '2026-11-30',
      }),
      expect.objectContaining({ line: 3, payee: 'Bob Ltd', amount: '12.5', reference: null, invoiceNumber: null }),
    ])
  })

  it('names every problem by line and column and keeps nothing', () => {
    const bad = [
      'destination,amount,asset,fee_priority,reference',
      'Alice, 10,USDC,,',
      'Bob,USD 1.234,USDC,,',
      'Carol,5,USDC,urgent,',
      'Dan,5,USDC,,=HYPERLINK()',
      'Eve,0,USDC,,',
    ].join('\n')
    expect(() => readRunLines(bad)).toThrow(
      /Line 2, amount: " 10" has spaces.*Line 3, amount: "USD 1.234": a dollar amount.*Line 4, fee_priority: "urgent".*Line 5, reference: starts with "=".*Line 6, amount: must be more than zero/,
    )
    expect(() => readRunLines('destination,amount,asset,colour\nA,1,USDC,red\n')).toThrow(
      'Line 1: The header (line 1) has unknown column "colour"',
    )
  })

  it('keys derive from run, period and line id alone: another desk gets the same, another period another', () => {
    expect(runLineKey('run-1', '2026-11-06', 'line-a')).toBe(runLineKey('run-1', '2026-11-06', 'line-a'))
    expect(runLineKey('run-1', '2026-11-06', 'line-a')).not.toBe(runLineKey('run-1', '2026-11-13', 'line-a'))
    expect(runLineKey('run-1', '2026-11-06', 'line-a')).not.toBe(runLineKey('run-1', '2026-11-06', 'line-b'))
    expect(runLineKey('run-1', '2026-11-06', 'line-a')).toMatch(/^run-[0-9a-f]{64}$/)
  })

  it('an edit keeps ids: by line_id, else by payee, else by the one line paying the same place', () => {
    const kept = withLineIds([], readRunLines('destination,amount,asset,reference\nA,1,USDC,Al\nB,2,USDC,Bo\n'))
    const [al, bo] = kept.map((l) => l.id)
    const renamed = readRunLines('destination,amount,asset,reference\nB,3,USDC,Bob\nA,1,USDC,al\nC,1,USDC,Cy\n')
    const next = withLineIds(kept, renamed)
    expect(next.map((l) => l.id).slice(0, 2)).toEqual([bo, al])
    expect([al, bo]).not.toContain(next[2]!.id)
    const byId = readRunLines(`destination,amount,asset,reference,line_id\nZ,1,USDC,New name,${al}\n`)
    expect(withLineIds(kept, byId)[0]!.id).toBe(al)
    expect(() => withLineIds(kept, readRunLines('destination,amount,asset,line_id\nZ,1,USDC,nope\n'))).toThrow(
      /line_id "nope" is not a line of this run/,
    )
  })

  it('a run file carries the id and refuses anything else', () => {
    const run = {
      id: 'r1',
      name: 'Weekly',
      schedule: 'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY',
      lines: withLineIds([], readRunLines('destination,amount,asset\nA,1,USDC\n')),
      createdAt: '',
      updatedAt: '',
    }
    const read = readRunFile(runFileText(run, []))
    expect(read.run).toEqual({ id: 'r1', name: 'Weekly', schedule: run.schedule, lines: run.lines })
    expect(read.integrity).toBe('intact')
    expect(() => readRunFile('{"format":"other"}')).toThrow(/not a pay run file: format/)
    expect(() => readRunFile('nope')).toThrow(/not JSON/)
  })
})
